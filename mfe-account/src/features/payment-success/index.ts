export { default as PaymentSuccessPage } from './payment-success-page';
