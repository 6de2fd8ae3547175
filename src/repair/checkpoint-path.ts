/** Where the pre-trained repair agent lives in the repository (Node scripts and tests only: the page fetches models/repair.a0lm). */
export const REPAIR_CHECKPOINT = new URL('../../public/models/repair.a0lm', import.meta.url);
