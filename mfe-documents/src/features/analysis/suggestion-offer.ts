/** Before: every suggestion came with the primary button. (Replaced below.) */
export const isPrimaryOffer = (confidence: number) => confidence > 0;
