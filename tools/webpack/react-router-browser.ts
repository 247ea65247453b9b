/**
 * What the apps share as `react-router` and `react-router-dom` (tools/webpack/shared-singletons.cjs,
 * ADR 0301): only the browser router's exports Dossier uses. A shared singleton is one module
 * every app may ask for, so webpack cannot drop its unused exports; shared as the whole package it
 * carried react-router's server side too (request handlers, cookies, sessions: ~60 KB gzip with
 * the rest). This file names what is used, webpack drops the remainder.
 * react-router-browser.test.ts fails when a source file imports a name missing here.
 * `@dossier/react-router-full` is react-router's own build (an alias in create-config.cjs), so
 * this module does not consume itself.
 * Declarative routing only (ADR 0487): <BrowserRouter> and `useRoutes`, not the data router
 * (`createBrowserRouter`, `RouterProvider`), whose loaders, actions and fetchers nothing uses and
 * which more than doubled the module (13.6 KB gzip without it, 30.0 KB with it).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from '@dossier/react-router-full';
export type { RouteObject } from '@dossier/react-router-full';
