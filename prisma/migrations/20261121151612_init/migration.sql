-- CreateEnum
CREATE TYPE "Role" AS ENUM ('Viewer', 'Producer', 'Admin');

-- CreateEnum
CREATE TYPE "ShowStatus" AS ENUM ('NEW', 'SOON', 'ACTIVE', 'STARTED', 'LIVE', 'TEST', 'HIDDEN', 'REPLAY', 'CLOSED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ShowIcon" AS ENUM ('theater', 'movie', 'talk', 'music');

-- CreateEnum
CREATE TYPE "Currency" AS ENUM ('GTQ', 'USD');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('CREDIT_CARD', 'REGISTRATION', 'BANK_DEPOSIT', 'ACCOUNT_BANK_DEPOSIT', 'CODE');

-- CreateEnum
CREATE TYPE "TicketType" AS ENUM ('GENERAL', 'ONLINE', 'VENUE_SEAT', 'VENUE_TABLE_SEAT', 'VENUE_OPEN');

-- CreateEnum
CREATE TYPE "SectionType" AS ENUM ('SEATS', 'TABLE', 'HTABLE', 'OPEN');

-- CreateEnum
CREATE TYPE "SeatReservationKind" AS ENUM ('HOLD', 'SALE');

-- CreateEnum
CREATE TYPE "CartStatus" AS ENUM ('OPEN', 'CHECKED_OUT', 'EXPIRED');

-- CreateEnum
CREATE TYPE "DiscountType" AS ENUM ('PERCENT', 'FIXED');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('PENDING', 'WAITING_CONFIRMATION', 'APPROVED', 'REJECTED', 'CANCELLED', 'REFUND');

-- CreateEnum
CREATE TYPE "ChatMessageType" AS ENUM ('message', 'notification');

-- CreateEnum
CREATE TYPE "PollStatus" AS ENUM ('DRAFT', 'ACTIVE', 'CLOSED');

-- CreateEnum
CREATE TYPE "LiveChannelStatus" AS ENUM ('idle', 'active');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "fullname" TEXT NOT NULL,
    "firstname" TEXT,
    "lastname" TEXT,
    "phone" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "country" TEXT NOT NULL DEFAULT 'GT',
    "nit" TEXT,
    "zip" TEXT,
    "roles" "Role"[] DEFAULT ARRAY['Viewer']::"Role"[],
    "producer_id" UUID,
    "email_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "username" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewers" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verification_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "producers" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "producers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shows" (
    "id" UUID NOT NULL,
    "producer_id" UUID NOT NULL,
    "parent_show_id" UUID,
    "fullname" TEXT NOT NULL,
    "subtitle" TEXT,
    "description" TEXT,
    "description2" TEXT,
    "important_info" TEXT,
    "main_image" TEXT,
    "show_date" TIMESTAMPTZ(3) NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'America/Guatemala',
    "country" TEXT NOT NULL DEFAULT 'GT',
    "venue" TEXT NOT NULL,
    "venue_address" TEXT,
    "type" TEXT NOT NULL DEFAULT 'VENUE',
    "status" "ShowStatus" NOT NULL DEFAULT 'NEW',
    "paid" BOOLEAN NOT NULL DEFAULT true,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "genre" TEXT,
    "icon" "ShowIcon",
    "video_url" TEXT,
    "path" TEXT,
    "billboard" BOOLEAN NOT NULL DEFAULT false,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tickets" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "ticket_ref" TEXT,
    "code" TEXT NOT NULL,
    "fullname" TEXT NOT NULL,
    "description" TEXT,
    "note" TEXT,
    "type" "TicketType" NOT NULL DEFAULT 'GENERAL',
    "currency" "Currency" NOT NULL DEFAULT 'GTQ',
    "price" INTEGER NOT NULL,
    "price_usd" INTEGER,
    "fee" INTEGER NOT NULL DEFAULT 0,
    "fee_usd" INTEGER,
    "fee_included" BOOLEAN NOT NULL DEFAULT false,
    "payment_types" "PaymentType"[],
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "valid_since" TIMESTAMPTZ(3),
    "valid_thru" TIMESTAMPTZ(3),
    "capacity" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "location" TEXT,
    "ticket_image" TEXT,
    "qr_color" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tickets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_price_rules" (
    "id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "rule_type" TEXT NOT NULL DEFAULT 'quantity_discount',
    "quantity_min" INTEGER NOT NULL,
    "item_discount_price" INTEGER NOT NULL,
    "item_discount_price_usd" INTEGER,

    CONSTRAINT "ticket_price_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_bundle_items" (
    "id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "item_ticket_id" UUID,
    "code" TEXT NOT NULL,
    "fullname" TEXT NOT NULL,
    "note" TEXT,
    "type" "TicketType" NOT NULL DEFAULT 'GENERAL',
    "amount" INTEGER NOT NULL DEFAULT 1,
    "location" TEXT,
    "ticket_image" TEXT,
    "qr_color" TEXT,

    CONSTRAINT "ticket_bundle_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_show_dates" (
    "ticket_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "label" TEXT NOT NULL,

    CONSTRAINT "ticket_show_dates_pkey" PRIMARY KEY ("ticket_id","show_id")
);

-- CreateTable
CREATE TABLE "venue_maps" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "map_image" TEXT,
    "section_grid_rows" INTEGER NOT NULL,
    "section_grid_cols" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "venue_maps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sections" (
    "id" UUID NOT NULL,
    "map_id" UUID NOT NULL,
    "ticket_id" UUID,
    "name" TEXT NOT NULL,
    "type" "SectionType" NOT NULL,
    "show_numbering" BOOLEAN NOT NULL DEFAULT true,
    "map_rows" INTEGER NOT NULL,
    "map_columns" INTEGER NOT NULL,
    "row_start" INTEGER NOT NULL DEFAULT 0,
    "row_step" INTEGER NOT NULL DEFAULT 1,
    "col_start" INTEGER NOT NULL DEFAULT 1,
    "col_step" INTEGER NOT NULL DEFAULT 1,
    "door" TEXT NOT NULL DEFAULT 'Unica',
    "seated" BOOLEAN NOT NULL DEFAULT true,
    "section_grid_row" INTEGER NOT NULL,
    "section_grid_col" INTEGER NOT NULL,
    "capacity" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seats" (
    "id" UUID NOT NULL,
    "section_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "ticket_id" UUID,
    "name" TEXT NOT NULL,
    "row" INTEGER NOT NULL,
    "col" INTEGER NOT NULL,
    "row_name" TEXT NOT NULL,

    CONSTRAINT "seats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seat_reservations" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "seat_id" UUID NOT NULL,
    "kind" "SeatReservationKind" NOT NULL,
    "cart_id" UUID,
    "cart_item_id" UUID,
    "order_id" UUID,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seat_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "carts" (
    "id" UUID NOT NULL,
    "session_key" TEXT NOT NULL,
    "user_id" UUID,
    "status" "CartStatus" NOT NULL DEFAULT 'OPEN',
    "currency" "Currency" NOT NULL DEFAULT 'GTQ',
    "payment_type" "PaymentType",
    "payment_provider" TEXT,
    "valid_thru" TIMESTAMPTZ(3),
    "payment_info" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "carts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cart_items" (
    "id" UUID NOT NULL,
    "cart_id" UUID NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'TICKET',
    "ticket_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "seat_id" UUID,
    "code" TEXT NOT NULL,
    "show_name" TEXT NOT NULL,
    "show_date" TIMESTAMPTZ(3) NOT NULL,
    "show_type" TEXT NOT NULL,
    "venue" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "note" TEXT,
    "ticket_type" "TicketType" NOT NULL,
    "image" TEXT,
    "quantity" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "discount_price" INTEGER NOT NULL DEFAULT 0,
    "fee" INTEGER NOT NULL DEFAULT 0,
    "fee_included" BOOLEAN NOT NULL DEFAULT false,
    "total_price" INTEGER NOT NULL,
    "total_fee" INTEGER NOT NULL DEFAULT 0,
    "price_usd" INTEGER,
    "discount_price_usd" INTEGER,
    "fee_usd" INTEGER,
    "total_price_usd" INTEGER,
    "total_fee_usd" INTEGER,
    "location" JSONB,
    "bundle_items" JSONB NOT NULL DEFAULT '[]',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_codes" (
    "id" UUID NOT NULL,
    "producer_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "discount_type" "DiscountType" NOT NULL,
    "discount_value" INTEGER NOT NULL,
    "valid_since" TIMESTAMPTZ(3),
    "valid_thru" TIMESTAMPTZ(3),
    "usage_limit" INTEGER,
    "used_count" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "promo_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_code_shows" (
    "promo_code_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,

    CONSTRAINT "promo_code_shows_pkey" PRIMARY KEY ("promo_code_id","show_id")
);

-- CreateTable
CREATE TABLE "promo_code_applications" (
    "id" UUID NOT NULL,
    "promo_code_id" UUID NOT NULL,
    "cart_id" UUID,
    "order_id" UUID,
    "discount_amount" INTEGER NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_code_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "order_number" SERIAL NOT NULL,
    "user_id" UUID,
    "cart_id" UUID,
    "email" TEXT NOT NULL,
    "status" "OrderStatus" NOT NULL DEFAULT 'PENDING',
    "payment_type" "PaymentType" NOT NULL,
    "currency" "Currency" NOT NULL DEFAULT 'GTQ',
    "subtotal" INTEGER NOT NULL,
    "total_fee" INTEGER NOT NULL DEFAULT 0,
    "total_discount" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL,
    "payment_info" JSONB NOT NULL,
    "payment_response" JSONB,
    "cc_brand" TEXT,
    "cc_last4" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "seat_id" UUID,
    "code" TEXT NOT NULL,
    "show_name" TEXT NOT NULL,
    "show_date" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT,
    "ticket_type" "TicketType" NOT NULL,
    "quantity" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "discount_price" INTEGER NOT NULL DEFAULT 0,
    "fee" INTEGER NOT NULL DEFAULT 0,
    "total_price" INTEGER NOT NULL,
    "total_fee" INTEGER NOT NULL DEFAULT 0,
    "location" JSONB,
    "bundle_items" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_codes" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "order_item_id" UUID NOT NULL,
    "code" CHAR(6) NOT NULL,
    "ticket_type" "TicketType" NOT NULL,
    "activated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_change_log" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "from_status" "OrderStatus",
    "to_status" "OrderStatus",
    "actor_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_change_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_shows" (
    "id" UUID NOT NULL,
    "viewer_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "ticket_code_id" UUID,
    "ticket_fullname" TEXT,
    "request_code" TEXT,
    "code" TEXT NOT NULL,
    "expires_on" TIMESTAMPTZ(3),
    "livestream" BOOLEAN NOT NULL DEFAULT true,
    "replay" BOOLEAN NOT NULL DEFAULT true,
    "meetngreet" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewer_shows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_codes" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "expires_on" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "user_id" UUID,
    "viewer_id" UUID,
    "username" TEXT NOT NULL,
    "type" "ChatMessageType" NOT NULL DEFAULT 'message',
    "message" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "polls" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "status" "PollStatus" NOT NULL DEFAULT 'DRAFT',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "polls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_options" (
    "id" UUID NOT NULL,
    "poll_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "poll_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_answers" (
    "id" UUID NOT NULL,
    "poll_id" UUID NOT NULL,
    "option_id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "respondent_key" TEXT NOT NULL,
    "user_id" UUID,
    "viewer_id" UUID,
    "username" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "presence_records" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "user_id" UUID,
    "viewer_id" UUID,
    "username" TEXT,
    "code" TEXT,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "presence_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player_events" (
    "id" UUID NOT NULL,
    "show_id" UUID NOT NULL,
    "session_uid" TEXT,
    "user_id" UUID,
    "viewer_id" UUID,
    "viewer_show_id" UUID,
    "device" TEXT,
    "country_code" VARCHAR(2),
    "country_name" TEXT,
    "city" TEXT,
    "ip" TEXT,
    "type" TEXT NOT NULL DEFAULT 'player',
    "action" TEXT NOT NULL,
    "code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "live_channels" (
    "id" UUID NOT NULL,
    "show_id" UUID,
    "name" TEXT NOT NULL,
    "status" "LiveChannelStatus" NOT NULL DEFAULT 'idle',
    "current_event" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "live_channels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "download_redemptions" (
    "id" UUID NOT NULL,
    "show_id" UUID,
    "filename" TEXT NOT NULL,
    "user_id" UUID,
    "session_key" TEXT,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("scope","key")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "actor_user_id" UUID,
    "action" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_producer_id_idx" ON "users"("producer_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");

-- CreateIndex
CREATE INDEX "sessions_user_id_expires_at_idx" ON "sessions"("user_id", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "viewers_user_id_key" ON "viewers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "producers_slug_key" ON "producers"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "shows_path_key" ON "shows"("path");

-- CreateIndex
CREATE INDEX "shows_status_show_date_idx" ON "shows"("status", "show_date");

-- CreateIndex
CREATE INDEX "shows_parent_show_id_show_date_idx" ON "shows"("parent_show_id", "show_date");

-- CreateIndex
CREATE INDEX "shows_producer_id_show_date_idx" ON "shows"("producer_id", "show_date");

-- CreateIndex
CREATE INDEX "tickets_show_id_visible_idx" ON "tickets"("show_id", "visible");

-- CreateIndex
CREATE UNIQUE INDEX "tickets_show_id_code_key" ON "tickets"("show_id", "code");

-- CreateIndex
CREATE INDEX "ticket_price_rules_ticket_id_idx" ON "ticket_price_rules"("ticket_id");

-- CreateIndex
CREATE INDEX "ticket_bundle_items_ticket_id_idx" ON "ticket_bundle_items"("ticket_id");

-- CreateIndex
CREATE UNIQUE INDEX "venue_maps_show_id_key" ON "venue_maps"("show_id");

-- CreateIndex
CREATE INDEX "sections_map_id_idx" ON "sections"("map_id");

-- CreateIndex
CREATE INDEX "seats_show_id_idx" ON "seats"("show_id");

-- CreateIndex
CREATE UNIQUE INDEX "seats_section_id_row_col_key" ON "seats"("section_id", "row", "col");

-- CreateIndex
CREATE UNIQUE INDEX "seat_reservations_cart_item_id_key" ON "seat_reservations"("cart_item_id");

-- CreateIndex
CREATE INDEX "seat_reservations_cart_id_idx" ON "seat_reservations"("cart_id");

-- CreateIndex
CREATE INDEX "seat_reservations_kind_expires_at_idx" ON "seat_reservations"("kind", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "seat_reservations_show_id_seat_id_key" ON "seat_reservations"("show_id", "seat_id");

-- CreateIndex
CREATE INDEX "carts_session_key_status_idx" ON "carts"("session_key", "status");

-- CreateIndex
CREATE INDEX "carts_status_valid_thru_idx" ON "carts"("status", "valid_thru");

-- CreateIndex
CREATE INDEX "cart_items_cart_id_idx" ON "cart_items"("cart_id");

-- CreateIndex
CREATE INDEX "cart_items_ticket_id_expires_at_idx" ON "cart_items"("ticket_id", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes"("code");

-- CreateIndex
CREATE UNIQUE INDEX "promo_code_applications_cart_id_promo_code_id_key" ON "promo_code_applications"("cart_id", "promo_code_id");

-- CreateIndex
CREATE UNIQUE INDEX "promo_code_applications_order_id_promo_code_id_key" ON "promo_code_applications"("order_id", "promo_code_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders"("order_number");

-- CreateIndex
CREATE UNIQUE INDEX "orders_cart_id_key" ON "orders"("cart_id");

-- CreateIndex
CREATE INDEX "orders_user_id_created_at_idx" ON "orders"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "orders_email_idx" ON "orders"("email");

-- CreateIndex
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at");

-- CreateIndex
CREATE INDEX "order_items_order_id_idx" ON "order_items"("order_id");

-- CreateIndex
CREATE INDEX "order_items_show_id_idx" ON "order_items"("show_id");

-- CreateIndex
CREATE UNIQUE INDEX "ticket_codes_code_key" ON "ticket_codes"("code");

-- CreateIndex
CREATE INDEX "ticket_codes_order_id_idx" ON "ticket_codes"("order_id");

-- CreateIndex
CREATE INDEX "order_change_log_order_id_created_at_idx" ON "order_change_log"("order_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_shows_ticket_code_id_key" ON "viewer_shows"("ticket_code_id");

-- CreateIndex
CREATE INDEX "viewer_shows_show_id_idx" ON "viewer_shows"("show_id");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_shows_viewer_id_show_id_key" ON "viewer_shows"("viewer_id", "show_id");

-- CreateIndex
CREATE UNIQUE INDEX "access_codes_show_id_code_key" ON "access_codes"("show_id", "code");

-- CreateIndex
CREATE INDEX "chat_messages_show_id_created_at_idx" ON "chat_messages"("show_id", "created_at");

-- CreateIndex
CREATE INDEX "polls_show_id_status_idx" ON "polls"("show_id", "status");

-- CreateIndex
CREATE INDEX "poll_options_poll_id_idx" ON "poll_options"("poll_id");

-- CreateIndex
CREATE UNIQUE INDEX "poll_answers_poll_id_respondent_key_key" ON "poll_answers"("poll_id", "respondent_key");

-- CreateIndex
CREATE INDEX "presence_records_show_id_recorded_at_idx" ON "presence_records"("show_id", "recorded_at");

-- CreateIndex
CREATE INDEX "player_events_show_id_created_at_idx" ON "player_events"("show_id", "created_at");

-- CreateIndex
CREATE INDEX "download_redemptions_filename_created_at_idx" ON "download_redemptions"("filename", "created_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- CreateIndex
CREATE INDEX "audit_log_entity_type_entity_id_created_at_idx" ON "audit_log"("entity_type", "entity_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_actor_user_id_created_at_idx" ON "audit_log"("actor_user_id", "created_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "producers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewers" ADD CONSTRAINT "viewers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shows" ADD CONSTRAINT "shows_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "producers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shows" ADD CONSTRAINT "shows_parent_show_id_fkey" FOREIGN KEY ("parent_show_id") REFERENCES "shows"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_price_rules" ADD CONSTRAINT "ticket_price_rules_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_bundle_items" ADD CONSTRAINT "ticket_bundle_items_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_bundle_items" ADD CONSTRAINT "ticket_bundle_items_item_ticket_id_fkey" FOREIGN KEY ("item_ticket_id") REFERENCES "tickets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_show_dates" ADD CONSTRAINT "ticket_show_dates_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_show_dates" ADD CONSTRAINT "ticket_show_dates_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "venue_maps" ADD CONSTRAINT "venue_maps_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_map_id_fkey" FOREIGN KEY ("map_id") REFERENCES "venue_maps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_seat_id_fkey" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_cart_item_id_fkey" FOREIGN KEY ("cart_item_id") REFERENCES "cart_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_seat_id_fkey" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "producers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_shows" ADD CONSTRAINT "promo_code_shows_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_shows" ADD CONSTRAINT "promo_code_shows_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_applications" ADD CONSTRAINT "promo_code_applications_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_applications" ADD CONSTRAINT "promo_code_applications_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_applications" ADD CONSTRAINT "promo_code_applications_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seat_id_fkey" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_codes" ADD CONSTRAINT "ticket_codes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_codes" ADD CONSTRAINT "ticket_codes_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "order_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_change_log" ADD CONSTRAINT "order_change_log_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_change_log" ADD CONSTRAINT "order_change_log_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_shows" ADD CONSTRAINT "viewer_shows_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_shows" ADD CONSTRAINT "viewer_shows_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_shows" ADD CONSTRAINT "viewer_shows_ticket_code_id_fkey" FOREIGN KEY ("ticket_code_id") REFERENCES "ticket_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "polls" ADD CONSTRAINT "polls_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "poll_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presence_records" ADD CONSTRAINT "presence_records_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "presence_records" ADD CONSTRAINT "presence_records_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_viewer_show_id_fkey" FOREIGN KEY ("viewer_show_id") REFERENCES "viewer_shows"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "live_channels" ADD CONSTRAINT "live_channels_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_redemptions" ADD CONSTRAINT "download_redemptions_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ───────────── Rules the database keeps true (not expressible in Prisma) ─────────────
-- Stock never negative, never oversold.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_capacity_nonnegative" CHECK ("capacity" >= 0);
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sold_within_capacity" CHECK ("sold" >= 0 AND "sold" <= "capacity");
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_prices_nonnegative" CHECK ("price" >= 0 AND ("price_usd" IS NULL OR "price_usd" >= 0) AND "fee" >= 0 AND ("fee_usd" IS NULL OR "fee_usd" >= 0));
ALTER TABLE "ticket_price_rules" ADD CONSTRAINT "ticket_price_rules_valid" CHECK ("quantity_min" >= 1 AND "item_discount_price" >= 0);
ALTER TABLE "ticket_bundle_items" ADD CONSTRAINT "ticket_bundle_items_amount_positive" CHECK ("amount" >= 1);
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_positive" CHECK ("quantity" > 0);
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_amounts_nonnegative" CHECK ("price" >= 0 AND "total_price" >= 0 AND "fee" >= 0 AND "total_fee" >= 0 AND "discount_price" >= 0);
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_positive" CHECK ("quantity" > 0);
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amounts_nonnegative" CHECK ("price" >= 0 AND "total_price" >= 0 AND "fee" >= 0 AND "total_fee" >= 0);
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("subtotal" >= 0 AND "total_fee" >= 0 AND "total_discount" >= 0 AND "total" >= 0);
ALTER TABLE "orders" ADD CONSTRAINT "orders_cc_last4_only" CHECK ("cc_last4" IS NULL OR "cc_last4" ~ '^[0-9]{4}$');

-- A seat reservation is either a hold of a cart until a time, or a sale of an order.
ALTER TABLE "seat_reservations" ADD CONSTRAINT "seat_reservations_kind_shape" CHECK (
  ("kind" = 'HOLD' AND "cart_id" IS NOT NULL AND "expires_at" IS NOT NULL AND "order_id" IS NULL)
  OR ("kind" = 'SALE' AND "order_id" IS NOT NULL AND "expires_at" IS NULL)
);

-- Seat maps have at least one row and column.
ALTER TABLE "venue_maps" ADD CONSTRAINT "venue_maps_grid_positive" CHECK ("section_grid_rows" >= 1 AND "section_grid_cols" >= 1);
ALTER TABLE "sections" ADD CONSTRAINT "sections_shape_positive" CHECK ("map_rows" >= 1 AND "map_columns" >= 1 AND "row_step" >= 1 AND "col_step" >= 1 AND "section_grid_row" >= 0 AND "section_grid_col" >= 0);
ALTER TABLE "sections" ADD CONSTRAINT "sections_capacity_nonnegative" CHECK ("capacity" IS NULL OR "capacity" >= 0);

-- Promo codes: upper-case, sane values, usage never past its limit.
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_code_upper" CHECK ("code" = upper("code") AND length("code") BETWEEN 1 AND 40);
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_value_valid" CHECK ("discount_value" > 0 AND ("discount_type" <> 'PERCENT' OR "discount_value" <= 100));
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_usage_within_limit" CHECK ("used_count" >= 0 AND ("usage_limit" IS NULL OR ("usage_limit" >= 0 AND "used_count" <= "usage_limit")));
ALTER TABLE "promo_code_applications" ADD CONSTRAINT "promo_code_applications_target" CHECK ("discount_amount" >= 0 AND ("cart_id" IS NOT NULL OR "order_id" IS NOT NULL));

-- Ticket codes: 6 upper-case characters of the unambiguous alphabet (packages/domain).
ALTER TABLE "ticket_codes" ADD CONSTRAINT "ticket_codes_format" CHECK ("code" ~ '^[A-Z0-9]{6}$');

-- E-mails are stored lower-cased so uniqueness is case-insensitive.
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower" CHECK ("email" = lower("email"));
