// The names the auth feed (auth-feed.ts, decision 0020) goes by in PostgreSQL: the channel the triggers of
// migration 0033 notify, and the listening connection's name in pg_stat_activity (the soak tells it from
// the pool by it).
export const AUTH_CHANNEL = 'karya_auth';
export const AUTH_FEED_APPLICATION = 'karya-auth-feed';
