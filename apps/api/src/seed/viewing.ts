import type { Db, Tx } from '../infra/db.ts';
import type { PollStatus } from '../generated/prisma/client.ts';
import { PATHS } from './paths.ts';
import type { ShowIds } from './shows.ts';
import type { SeededUsers } from './users.ts';
import { demoCode, guatemalaTime } from './util.ts';

const MINUTE_MS = 60 * 1000;

/** A no-login show's access codes: deterministic, so every run finds the same five. */
export function accessCodes(path: string = PATHS.nologin): string[] {
  return [1, 2, 3, 4, 5].map((n) => demoCode(`access:${path}:${n}`));
}

interface PollSpec {
  question: string;
  status: PollStatus;
  options: string[];
  /** Votes per option, created with the poll (a closed poll shows results). */
  votes?: number[];
}

const POLLS: PollSpec[] = [
  {
    question: '¿Qué canción quieren para el cierre?',
    status: 'ACTIVE',
    options: ['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango'],
  },
  {
    question: '¿Desde dónde nos ves?',
    status: 'CLOSED',
    options: ['Ciudad de Guatemala', 'Interior del país', 'Fuera de Guatemala'],
    votes: [5, 3, 2],
  },
];

/** The five codes of the show at `path` (the last one expired) for the show `showId`. */
export async function seedAccessCodes(
  tx: Tx,
  path: string,
  showId: string,
  now: Date,
): Promise<void> {
  for (const [index, code] of accessCodes(path).entries()) {
    // The last code expired yesterday: it must be refused.
    const expiresOn = index === 4 ? guatemalaTime(now, -1, 23, 59) : guatemalaTime(now, 30, 23, 59);
    await tx.accessCode.upsert({
      where: { showId_code: { showId, code } },
      create: { showId, code, expiresOn },
      update: { expiresOn, revokedAt: null },
    });
  }
}

async function seedChat(tx: Tx, showId: string, users: SeededUsers, now: Date): Promise<void> {
  if ((await tx.chatMessage.count({ where: { showId } })) > 0) return;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS);
  await tx.chatMessage.createMany({
    data: [
      {
        showId,
        userId: users.producerUserId,
        authorKey: `user:${users.producerUserId}`,
        username: 'Producciones Quetzal',
        type: 'notification',
        message: '¡Bienvenidos al concierto! Usen el chat con respeto y disfruten la música.',
        createdAt: at(30),
      },
      {
        showId,
        authorKey: 'seed:carlos',
        username: 'Carlos M.',
        message: '¡Saludos desde Xela! Qué bonito se ve el lago.',
        createdAt: at(24),
      },
      {
        showId,
        userId: users.viewerUserId,
        viewerId: users.viewerId,
        authorKey: `user:${users.viewerUserId}`,
        username: 'Ana Lucía Pérez',
        message: 'Se escucha muy bien, felicidades a los músicos.',
        createdAt: at(18),
      },
      {
        showId,
        authorKey: 'seed:maria-jose',
        username: 'María José',
        message: 'Conectada desde Los Ángeles, ¡arriba Guate!',
        createdAt: at(11),
      },
      {
        showId,
        authorKey: 'seed:diego',
        username: 'Diego R.',
        message: '¿Van a tocar Luna de Xelajú? Voten en la encuesta.',
        createdAt: at(5),
      },
    ],
  });
}

async function seedPolls(tx: Tx, showId: string): Promise<void> {
  for (const spec of POLLS) {
    const existing = await tx.poll.findFirst({
      where: { showId, question: spec.question },
      select: { id: true },
    });
    if (existing) {
      await tx.poll.update({ where: { id: existing.id }, data: { status: spec.status } });
      continue;
    }
    const poll = await tx.poll.create({
      data: {
        showId,
        question: spec.question,
        status: spec.status,
        options: { create: spec.options.map((text, position) => ({ text, position })) },
      },
      select: { id: true, options: { select: { id: true }, orderBy: { position: 'asc' } } },
    });
    let respondent = 0;
    const answers = poll.options.flatMap((option, index) =>
      Array.from({ length: spec.votes?.[index] ?? 0 }, () => {
        respondent += 1;
        return {
          pollId: poll.id,
          optionId: option.id,
          showId,
          respondentKey: `seed-${respondent}`,
          username: `Invitado ${respondent}`,
        };
      }),
    );
    if (answers.length > 0) await tx.pollAnswer.createMany({ data: answers });
  }
}

async function seedLiveChannel(tx: Tx, showId: string, name: string): Promise<void> {
  const existing = await tx.liveChannel.findFirst({ where: { showId }, select: { id: true } });
  const data = { name, status: 'active' as const, currentEvent: name };
  if (existing) await tx.liveChannel.update({ where: { id: existing.id }, data });
  else await tx.liveChannel.create({ data: { showId, ...data } });
}

/** Access codes of the no-login show; chat, polls and channel of the live show. */
export async function seedViewing(
  db: Db,
  shows: ShowIds,
  users: SeededUsers,
  now: Date,
): Promise<void> {
  const nologin = shows.get(PATHS.nologin);
  const live = shows.get(PATHS.live);
  if (!nologin || !live) throw new Error('The online shows are not seeded');
  await db.$transaction(async (tx) => {
    await seedAccessCodes(tx, PATHS.nologin, nologin.id, now);
    await seedChat(tx, live.id, users, now);
    await seedPolls(tx, live.id);
    await seedLiveChannel(tx, live.id, live.fullname);
  });
}
