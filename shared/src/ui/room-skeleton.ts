/**
 * A loading state that keeps the room its part of the page takes once drawn (ADR 0500): areas
 * import it from here, with the rest of the components. Its code lives in the contract, beside
 * WIDGET_ROOM, because `<Widget>` draws it too and the contract imports nothing from ui.
 */
export { RoomSkeleton, type Room, type RoomSkeletonProps } from '@dossier/shared/contract';
