import { randomBytes, randomUUID } from 'node:crypto';
import { adminUserEndpoints } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { createProducer, createShow, createUser } from '../../helpers/factories.ts';
import { startTestMailWorker, startTestSmtp } from '../../helpers/mail.ts';
import type { ReceivedMail, TestMailWorker, TestSmtp } from '../../helpers/mail.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://boletos.example.gt';
const INVITATION_SUBJECT = 'Tu cuenta de Taquilla está lista';
const LINK = /https:\/\/boletos\.example\.gt\/password\/reset\/([A-Za-z0-9_-]{43})/;
const NEW_PASSWORD = 'Clave-Productora-2027';

interface ErrorBody {
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}
interface UserBody {
  _id: string;
  email: string;
  fullname: string;
  roles: string[];
  producer: { _id: string; name: string; slug: string } | null;
  email_verified: boolean;
  created: string;
}

const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);
const unique = () => randomBytes(4).toString('hex');
const newEmail = (who = 'persona') => `${who}-${unique()}@taquilla.test`;

describe('organiser API: accounts and producers', () => {
  let t: TestApp;
  let o: Organisers;
  let smtp: TestSmtp;
  let worker: TestMailWorker;
  /** Passwords and links this file handled: none may reach a log line. */
  const secrets: string[] = [NEW_PASSWORD];

  const send = (
    who: LoggedIn | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  const createAccount = (payload: object, who: LoggedIn | null = o.admin) =>
    send(who, 'POST', '/admin/users', payload);

  /** Everything these routes could write, to prove a refusal wrote nothing. */
  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify({
      users: await db.user.count(),
      producers: await db.producer.count(),
      tokens: await db.passwordResetToken.count(),
      audit: await db.auditLog.count(),
    });
  }

  async function invitationTo(email: string): Promise<ReceivedMail> {
    return smtp.waitForMail((m) => m.to === email && m.subject === INVITATION_SUBJECT);
  }

  function tokenOf(mail: ReceivedMail): string {
    const token = LINK.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    secrets.push(token as string);
    return token as string;
  }

  async function loginStatus(email: string, password: string, role: 'Producer' | 'Admin') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password, role, forceLogin: true },
    });
    return res.statusCode;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ now: NOW, config: { SMTP_URL: smtp.url, PUBLIC_URL } });
    worker = startTestMailWorker(t);
    o = await createOrganisers(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  describe('who may call it', () => {
    const routes: Record<keyof typeof adminUserEndpoints, ['GET' | 'POST' | 'PATCH', string]> = {
      createUser: ['POST', '/admin/users'],
      listUsers: ['GET', '/admin/users'],
      listProducers: ['GET', '/admin/producers'],
      updateProducer: ['PATCH', '/admin/producers/:id'],
    };
    const validBody = () => ({
      email: newEmail(),
      fullname: 'Sin Permiso',
      role: 'Admin',
      password: NEW_PASSWORD,
    });

    it('covers every endpoint of the contract’s accounts table', () => {
      for (const [name, endpoint] of Object.entries(adminUserEndpoints)) {
        const [method, url] = routes[name as keyof typeof adminUserEndpoints];
        expect(method, name).toBe(endpoint.method);
        expect(url, name).toBe(endpoint.path);
      }
    });

    it('answers 401 without a session and 403 to a producer and a viewer, writing nothing', async () => {
      const before = await snapshot();
      for (const [name, [method, url]] of Object.entries(routes)) {
        const payload = method === 'POST' ? validBody() : undefined;
        const anonymous = await send(null, method, url, payload);
        expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
        for (const who of [o.producerUserA, o.viewer]) {
          const res = await send(who, method, url, payload);
          expect(res.statusCode, name).toBe(403);
          expect(res.json()).toEqual({
            error: 'FORBIDDEN',
            message: 'No tienes permiso para realizar esta acción',
          });
          // Refused before the body is looked at: no 422 tells a producer what is valid.
          const junk = await send(who, method, url, { junk: true });
          expect(junk.statusCode, `${name} with junk`).toBe(403);
        }
      }
      const producerAsking = await createAccount(
        { ...validBody(), role: 'Producer', producer_uid: o.producerA },
        o.producerUserA,
      );
      expect(producerAsking.statusCode).toBe(403);
      expect(await snapshot()).toBe(before);
    });
  });

  describe('POST /admin/users', () => {
    it('creates a producer account with a new producer; that person logs in and creates a show under it', async () => {
      const email = newEmail('productora');
      const res = await createAccount({
        email: email.toUpperCase(),
        fullname: '  María Pérez  ',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer: {
          name: 'Producciones Ñandú Ágil',
          email: 'Contacto@Nandu.GT',
          phone: '+502 5555 1234',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json() as UserBody;
      expect(user).toEqual({
        _id: expect.any(String),
        email,
        fullname: 'María Pérez',
        roles: ['Producer'],
        producer: {
          _id: expect.any(String),
          name: 'Producciones Ñandú Ágil',
          slug: 'producciones-nandu-agil',
        },
        email_verified: true,
        created: NOW.toISOString(),
      });
      const stored = await t.database.db.user.findUniqueOrThrow({ where: { id: user._id } });
      expect(stored.username).toBe(email);
      expect(stored.emailVerifiedAt?.toISOString()).toBe(NOW.toISOString());
      const producer = await t.database.db.producer.findUniqueOrThrow({
        where: { id: user.producer?._id ?? '' },
      });
      expect(producer).toMatchObject({ email: 'contacto@nandu.gt', phone: '+502 5555 1234' });
      // A password was given: no link was issued.
      expect(await t.database.db.passwordResetToken.count({ where: { userId: user._id } })).toBe(0);

      const session = await login(t, email, NEW_PASSWORD, 'Producer');
      const show = await send(session, 'POST', '/admin/shows', {
        fullname: 'Marimba de Concierto',
        show_date: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
        venue: 'Teatro Nacional',
      });
      expect(show.statusCode, show.body).toBe(201);
      const row = await t.database.db.show.findUniqueOrThrow({
        where: { id: (show.json() as { _id: string })._id },
      });
      expect(row.producerId).toBe(producer.id);

      const audit = await t.database.db.auditLog.findMany({
        where: { entityId: { in: [user._id, producer.id] } },
        orderBy: { action: 'asc' },
      });
      expect(audit.map((a) => [a.action, a.entityType, a.entityId, a.actorUserId])).toEqual([
        ['producer.create', 'producer', producer.id, o.admin.userId],
        ['user.create', 'user', user._id, o.admin.userId],
      ]);
      expect(audit[1]?.after).toEqual(user);
      expect(audit[0]?.after).toMatchObject({ _id: producer.id, slug: 'producciones-nandu-agil' });
      const written = JSON.stringify(audit);
      expect(written).not.toContain(stored.passwordHash);
      expect(written).not.toContain('scrypt');
      expect(written).not.toContain(NEW_PASSWORD);
      expect(res.body).not.toContain('scrypt');
    });

    it('generates a free slug from the name, with a numeric suffix when it is taken', async () => {
      const slugs: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await createAccount({
          email: newEmail(),
          fullname: 'Ana Ruiz',
          role: 'Producer',
          password: NEW_PASSWORD,
          producer: { name: '¡Teatro  Café!' },
        });
        expect(res.statusCode, res.body).toBe(201);
        slugs.push((res.json() as UserBody).producer?.slug ?? '');
      }
      expect(slugs).toEqual(['teatro-cafe', 'teatro-cafe-2', 'teatro-cafe-3']);
      const given = await createAccount({
        email: newEmail(),
        fullname: 'Ana Ruiz',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer: { name: 'Teatro Café', slug: 'cafe-teatro-zona-1' },
      });
      expect((given.json() as UserBody).producer?.slug).toBe('cafe-teatro-zona-1');
    });

    it('creates a producer account for an existing producer, writing no producer', async () => {
      const producersBefore = await t.database.db.producer.count();
      const email = newEmail();
      const res = await createAccount({
        email,
        fullname: 'Jorge Son',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer_uid: o.producerA,
      });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json() as UserBody;
      expect(user.producer?._id).toBe(o.producerA);
      expect(await t.database.db.producer.count()).toBe(producersBefore);
      const audit = await t.database.db.auditLog.findMany({ where: { entityId: user._id } });
      expect(audit.map((a) => a.action)).toEqual(['user.create']);

      // The new colleague sees producer A's shows like producer A's first account.
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const session = await login(t, email, NEW_PASSWORD, 'Producer');
      const read = await send(session, 'GET', `/admin/shows/${show.id}`);
      expect(read.statusCode, read.body).toBe(200);
    });

    it('creates an admin account that can itself manage accounts', async () => {
      const email = newEmail('admin');
      const res = await createAccount({
        email,
        fullname: 'Lucía Admin',
        role: 'Admin',
        password: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ roles: ['Admin'], producer: null, email_verified: true });
      expect(await loginStatus(email, NEW_PASSWORD, 'Producer')).toBe(401);
      const session = await login(t, email, NEW_PASSWORD, 'Admin');
      const list = await send(session, 'GET', '/admin/users?role=Admin');
      expect(list.statusCode).toBe(200);
      expect((list.json() as { items: UserBody[] }).items.map((u) => u.email)).toContain(email);
    });

    it('without a password, e-mails a 72-hour invitation whose link sets the password', async () => {
      const email = newEmail('invitada');
      const res = await createAccount({
        email,
        fullname: 'Rosa <b>Coj</b>',
        role: 'Producer',
        producer: { name: 'Teatro <Luz> & Sombra' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json() as UserBody;

      const stored = await t.database.db.passwordResetToken.findFirstOrThrow({
        where: { userId: user._id },
      });
      expect(stored.expiresAt.toISOString()).toBe(
        new Date(NOW.getTime() + 72 * HOUR).toISOString(),
      );
      // The account has a hash, of a secret nobody was given.
      expect(await loginStatus(email, NEW_PASSWORD, 'Producer')).toBe(401);

      const mail = await invitationTo(email);
      expect(mail.envelopeTo).toEqual([email]);
      expect(mail.text).toContain('Hola, Rosa <b>Coj</b>:');
      expect(mail.text).toContain('administrar los eventos de Teatro <Luz> & Sombra');
      expect(mail.text).toContain('Este enlace vence en 72 horas y solo puede usarse una vez.');
      const token = tokenOf(mail);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/password/reset/${token}"`);
      expect(mail.html).toContain('Elegir mi contraseña');
      expect(mail.html).toContain('Rosa &lt;b&gt;Coj&lt;/b&gt;');
      expect(mail.html).toContain('Teatro &lt;Luz&gt; &amp; Sombra');
      expect(mail.html).not.toContain('<b>Coj</b>');

      // Still usable near the end of its 72 hours, where a reset link would have died long ago.
      try {
        t.setNow(new Date(NOW.getTime() + 71 * HOUR));
        const set = await t.app.inject({
          method: 'POST',
          url: '/auth/password/reset',
          payload: { token, password: NEW_PASSWORD },
        });
        expect(set.statusCode, set.body).toBe(200);
        expect(await loginStatus(email, NEW_PASSWORD, 'Producer')).toBe(200);
      } finally {
        t.setNow(NOW);
      }
    });

    it('refuses an invitation link once its 72 hours have passed', async () => {
      const email = newEmail('tarde');
      const res = await createAccount({ email, fullname: 'Pedro Tarde', role: 'Admin' });
      expect(res.statusCode, res.body).toBe(201);
      const token = tokenOf(await invitationTo(email));
      try {
        t.setNow(new Date(NOW.getTime() + 72 * HOUR));
        const late = await t.app.inject({
          method: 'POST',
          url: '/auth/password/reset',
          payload: { token, password: NEW_PASSWORD },
        });
        expect(late.statusCode).toBe(400);
        expect((late.json() as ErrorBody).error).toBe('RESET_TOKEN_INVALID');
      } finally {
        t.setNow(NOW);
      }
    });

    it('answers 409 for an e-mail in use, whatever its case, and writes nothing', async () => {
      const existing = await createUser(t.database.db, { password: TEST_PASSWORD });
      const before = await snapshot();
      const res = await createAccount({
        email: existing.email.toUpperCase(),
        fullname: 'Otra Persona',
        role: 'Producer',
        producer: { name: 'Productora Repetida' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'USER_ALREADY_EXISTS',
        message: 'Ya existe un usuario registrado con ese correo',
      });
      expect(await snapshot()).toBe(before);
    });

    it('lets one of two simultaneous creations with one e-mail through: one 201, one 409, one row', async () => {
      const email = newEmail('carrera');
      const body = (n: number) => ({
        email,
        fullname: `Carrera ${n}`,
        role: 'Producer',
        producer: { name: `Productora Carrera ${email}` },
      });
      const answers = await Promise.all([createAccount(body(1)), createAccount(body(2))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const loser = answers.find((a) => a.statusCode === 409);
      expect((loser?.json() as ErrorBody).error).toBe('USER_ALREADY_EXISTS');
      const db = t.database.db;
      expect(await db.user.count({ where: { email } })).toBe(1);
      // The loser's producer was rolled back with its account.
      expect(await db.producer.count({ where: { name: `Productora Carrera ${email}` } })).toBe(1);
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      expect(await db.auditLog.count({ where: { entityType: 'user', entityId: user.id } })).toBe(1);
    });

    it('answers 409 PRODUCER_SLUG_TAKEN for a given slug in use, and writes nothing', async () => {
      const taken = await createProducer(t.database.db);
      const before = await snapshot();
      const res = await createAccount({
        email: newEmail(),
        fullname: 'Ana Slug',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer: { name: 'Otra', slug: taken.slug },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'PRODUCER_SLUG_TAKEN',
        message: 'Ya existe una productora con ese identificador (slug)',
      });
      expect(await snapshot()).toBe(before);
    });

    it('answers 422 naming the field, and writes nothing', async () => {
      const base = {
        email: newEmail(),
        fullname: 'Persona Válida',
        role: 'Producer',
        password: NEW_PASSWORD,
        producer_uid: o.producerA,
      };
      const { producer_uid: _omit, ...producerless } = base;
      const cases: [string, object, string][] = [
        ['bad e-mail', { ...base, email: 'no-es-un-correo' }, 'email'],
        ['weak password', { ...base, password: 'Guatemala2027!' }, 'password'],
        ['short password', { ...base, password: 'corta' }, 'password'],
        ['password = e-mail', { ...base, password: base.email }, 'password'],
        ['blank name', { ...base, fullname: '   ' }, 'fullname'],
        ['unknown role', { ...base, role: 'Viewer' }, 'role'],
        ['Producer without producer', producerless, 'producer'],
        ['Producer with both', { ...base, producer: { name: 'Doble' } }, 'producer'],
        [
          'Admin with producer',
          { ...producerless, role: 'Admin', producer: { name: 'X' } },
          'producer',
        ],
        ['Admin with producer_uid', { ...base, role: 'Admin' }, 'producer_uid'],
        ['unknown producer_uid', { ...base, producer_uid: randomUUID() }, 'producer_uid'],
        ['malformed producer_uid', { ...base, producer_uid: 'abc' }, 'producer_uid'],
        [
          'malformed slug',
          { ...producerless, producer: { name: 'Mala', slug: 'Mala Ruta' } },
          'producer.slug',
        ],
      ];
      const before = await snapshot();
      for (const [name, payload, field] of cases) {
        const res = await createAccount(payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
        expect((res.json() as ErrorBody).error).toBe('VALIDATION_ERROR');
        expect(fieldsOf(res.json()), name).toEqual([field]);
      }
      const extra = await createAccount({ ...base, nickname: 'nuevo' });
      expect(extra.statusCode).toBe(422);
      expect(JSON.stringify(extra.json())).toContain('nickname');
      const extraInProducer = await createAccount({
        ...producerless,
        producer: { name: 'Con extra', website: 'x' },
      });
      expect(extraInProducer.statusCode).toBe(422);
      expect(JSON.stringify(extraInProducer.json())).toContain('website');
      expect(await snapshot()).toBe(before);
    });
  });

  it('never writes a password or a link into the logs', () => {
    const logs = t.logs.join('');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
