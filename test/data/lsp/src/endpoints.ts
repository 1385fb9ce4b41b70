export const PICKUPS_URL = '/pickup/v1/pickups';
