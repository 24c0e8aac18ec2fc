// Session lifetimes (contract.md §2): 30 days idle (sliding), 180 days absolute.
export const IDLE_DAYS = 30;
export const ABSOLUTE_DAYS = 180;
