import type { Hono } from 'hono';
import bcrypt from 'bcryptjs';
import { listMail } from '../outbox/index.js';
import { AuthApiError, userNotFound, validationFailed } from './errors.js';
import { obj, pageHeaders, pageParams, readJson, requireServiceRole, str, type AuthDeps } from './http.js';
import { BCRYPT_COST, MIN_PASSWORD_LENGTH } from './settings.js';
import { liveUsers } from '../http/live-users.js';
import { findUserByEmail, findUserById, identitiesOf, insertUser, isValidEmail, limitMetadata, mergeMetadata, normaliseEmail, userJson, USER_COLUMNS, type UserRow } from './users.js';

/** "24h", "30m", "none": GoTrue's ban_duration. */
function banUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(duration);
  if (!m) throw validationFailed('invalid format for ban duration');
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  return new Date(Date.now() + Number(m[1]) * unit);
}

/** The admin API supabase-js's `auth.admin` calls with the service_role key, plus the local outbox. */
export function registerAdminRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.use('/admin/*', async (c, next) => {
    await requireServiceRole(deps, c);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const { page, perPage } = pageParams(c);
    const { rows, total } = await ctx.db.admin(async (q) => {
      const count = await q.query<{ n: number }>(`select count(*)::int as n from auth.users where deleted_at is null`);
      const r = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`, [
        perPage,
        (page - 1) * perPage,
      ]);
      const users = [];
      for (const u of r.rows) users.push(userJson(u, await identitiesOf(q, u.id)));
      return { rows: users, total: count.rows[0].n };
    });
    pageHeaders(c, `${ctx.config.publicUrl}/auth/v1/admin/users`, page, perPage, total);
    return c.json({ users: rows, aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c);
    const email = str(body.email) ? normaliseEmail(str(body.email)!) : undefined;
    if (!email || !isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format');
    const password = str(body.password);
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthApiError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, { weak_password: { reasons: ['length'] } });
    }
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : null;
    const ban = banUntil(str(body.ban_duration));
    const json = await ctx.db.admin(async (q) => {
      if (await findUserByEmail(q, email)) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
      const appMeta = { provider: 'email', providers: ['email'], ...(obj(body.app_metadata) ?? {}) };
      const user = await insertUser(
        q,
        { email, passwordHash: hash, userMetadata: limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.user_metadata) ?? {}), appMetadata: appMeta, confirmed: body.email_confirm === true, signingIn: false, role: str(body.role), identityInMetadata: false },
        { provider: 'email', data: {} },
      );
      if (ban) await q.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, ban]);
      const fresh = (await findUserById(q, user.id))!;
      return userJson(fresh, await identitiesOf(q, user.id));
    });
    return c.json(json);
  });

  app.get('/admin/users/:id', async (c) => {
    const json = await ctx.db.admin(async (q) => {
      const u = await findUserById(q, c.req.param('id'));
      return u ? userJson(u, await identitiesOf(q, u.id)) : null;
    });
    if (!json) throw userNotFound();
    return c.json(json);
  });

  app.put('/admin/users/:id', async (c) => {
    const body = await readJson(c);
    const password = str(body.password);
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthApiError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, { weak_password: { reasons: ['length'] } });
    }
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : undefined;
    const ban = banUntil(str(body.ban_duration));
    const json = await ctx.db.admin(async (q) => {
      const u = await findUserById(q, c.req.param('id'));
      if (!u) throw userNotFound();
      const email = str(body.email) ? normaliseEmail(str(body.email)!) : undefined;
      if (email && email !== u.email) {
        if (!isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format');
        if (await findUserByEmail(q, email)) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
        await q.query(`update auth.users set email = $2 where id = $1`, [u.id, email]);
      }
      if (hash) await q.query(`update auth.users set encrypted_password = $2 where id = $1`, [u.id, hash]);
      const userMeta = obj(body.user_metadata);
      if (userMeta) {
        const merged = limitMetadata(ctx.config.maxUserMetadataBytes, mergeMetadata(u.raw_user_meta_data, userMeta));
        await q.query(`update auth.users set raw_user_meta_data = $2::jsonb where id = $1`, [u.id, JSON.stringify(merged)]);
      }
      const appMeta = obj(body.app_metadata);
      if (appMeta) await q.query(`update auth.users set raw_app_meta_data = $2::jsonb where id = $1`, [u.id, JSON.stringify(mergeMetadata(u.raw_app_meta_data, appMeta))]);
      if (body.email_confirm === true) await q.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [u.id]);
      if (ban !== undefined) await q.query(`update auth.users set banned_until = $2 where id = $1`, [u.id, ban]);
      await q.query(`update auth.users set updated_at = now() where id = $1`, [u.id]);
      const fresh = (await findUserById(q, u.id))!;
      return userJson(fresh, await identitiesOf(q, u.id));
    });
    return c.json(json);
  });

  app.delete('/admin/users/:id', async (c) => {
    const deleted = await ctx.db.admin(async (q) => {
      const u = await findUserById(q, c.req.param('id'));
      if (!u) return false;
      // Sessions, identities and tokens go with the user (on delete cascade).
      await q.query(`delete from auth.users where id = $1`, [u.id]);
      return true;
    });
    if (!deleted) throw userNotFound();
    // After the commit: its tokens stop working now, not when they expire.
    liveUsers(ctx.db).forget(c.req.param('id'));
    return c.json({});
  });

  // Local-only extension: the auth e-mails the stack "sent", newest first (service_role only).
  app.get('/outbox', async (c) => {
    await requireServiceRole(deps, c);
    return c.json({ messages: await listMail(ctx.config.dataDir, c.req.query('to')) });
  });
}
