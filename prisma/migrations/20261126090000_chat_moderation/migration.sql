-- Chat moderation and polls (docs/decisions/0026-chat-polls-devices.md): who wrote each
-- chat message, as mutes name people; the viewers an organiser muted in a show's chat;
-- and at most one active poll per show.

-- AlterTable: messages written before this migration (the demo seed's) get a key of
-- their own: their account's when they have one, else one that names only them.
ALTER TABLE "chat_messages" ADD COLUMN     "author_key" TEXT;
UPDATE "chat_messages"
    SET "author_key" = COALESCE('user:' || "user_id"::text, 'message:' || "id"::text);
ALTER TABLE "chat_messages" ALTER COLUMN "author_key" SET NOT NULL;

-- CreateTable
CREATE TABLE "chat_mutes" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "author_key" TEXT NOT NULL,
    "user_id" UUID,
    "username" TEXT NOT NULL,
    "muted_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_mutes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_mutes_show_id_author_key_key" ON "chat_mutes"("show_id", "author_key");

-- AddForeignKey
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A rule Prisma cannot express: players see one poll at a time (001 §4 `init` carries
-- "the active poll"), so two organisers activating at once cannot both win.
CREATE UNIQUE INDEX "polls_one_active_per_show" ON "polls"("show_id") WHERE "status" = 'ACTIVE';
