// The alias react-router-browser.ts imports from (create-config.cjs): react-router's own build.
declare module '@dossier/react-router-full' {
  export * from 'react-router';
}
