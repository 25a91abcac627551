import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Agreement pages edited by marketers as Markdown (src/content/agreements/<type>.md). The file name is the
 * `type` of /privacy_agreement?type=… (spec section 2), e.g. sys_user_agree, sys_userr_privacy.
 */
const agreements = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/agreements' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    updated: z.coerce.date(),
  }),
});

export const collections = { agreements };
