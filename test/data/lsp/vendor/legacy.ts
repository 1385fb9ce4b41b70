export const vendored = () => fetch('/2023-01/labels', { method: 'POST' });
