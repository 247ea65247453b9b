export * from './drive-oauth-return';
