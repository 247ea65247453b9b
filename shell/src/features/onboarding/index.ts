export { createOnboarding, ensureDefaultCategories, isNewIdentityProviderUser } from './onboarding';
