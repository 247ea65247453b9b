export { ShareHandlerPage, UPLOAD_WIDGET } from './share-handler-page';
