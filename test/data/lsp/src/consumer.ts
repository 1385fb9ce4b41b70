import axios from 'axios';
import { PICKUPS_URL } from './endpoints.js';

export function book(addressId: string, svc: string, day: string) {
  return axios.post(PICKUPS_URL, { courier_id: svc, preferred_date: day, origin_address_id: addressId });
}
