import { Hono } from 'hono';
import { PLATFORM_FORMATS, PROFILE_FORMATS } from '../../shared/formats';
import type { AppEnv } from '../types';

const CACHE = 'public, max-age=300';

/** The format catalogue: every format, and the profile-picture subset. */
export const formatRoutes = new Hono<AppEnv>()
  .get('/platform-formats', (c) => c.json(PLATFORM_FORMATS, 200, { 'Cache-Control': CACHE }))
  .get('/profile-formats', (c) => c.json(PROFILE_FORMATS, 200, { 'Cache-Control': CACHE }));
