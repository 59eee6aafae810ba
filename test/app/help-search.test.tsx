import { describe, expect, it } from 'vitest';
import { FAQ_TOPICS } from '../../app/features/help/faq';
import { formatHitLabel, searchHelp, stem, tokenize } from '../../app/features/help/search';
import { PLATFORM_FORMATS } from '../../shared/formats';

const titles = (query: string) =>
  searchHelp(query).map((hit) => (hit.kind === 'answer' ? hit.item.question : hit.label));

describe('help search', () => {
  it('folds plurals and splits words and numbers', () => {
    expect(['stories', 'sizes', 'boxes', 'banners', 'images', 'pass', 'status', 'refund'].map(stem)).toEqual([
      'story',
      'size',
      'box',
      'banner',
      'image',
      'pass',
      'status',
      'refund',
    ]);
    expect(tokenize('Instagram Stories: 1080x1920, 9:16')).toEqual(['instagram', 'story', '1080x1920', '9', '16']);
  });

  it('finds the refund answer whichever topic it is filed under', () => {
    expect(titles('refund')).toEqual(['Can I get a refund?']);
    expect(titles('refunds')).toEqual(['Can I get a refund?']);
    const hit = searchHelp('refund')[0]!;
    expect(hit.kind === 'answer' && hit.topic.id).toBe('billing');
  });

  it('finds a format by its platform and name, with its size, in any word order', () => {
    const story = PLATFORM_FORMATS.find((f) => f.key === 'instagram_story')!;
    expect(formatHitLabel(story)).toBe('Instagram Story: 1080 × 1920');
    for (const query of [
      'instagram story size',
      'size of an Instagram story',
      'STORIES instagram',
      'instagram 1080x1920',
    ]) {
      expect(titles(query)[0], query).toBe('Instagram Story: 1080 × 1920');
    }
    // Every word must match somewhere: no Facebook story for an Instagram question.
    expect(titles('instagram story size')).not.toContain('Facebook Story: 1080 × 1920');
  });

  it('lists the format of the platform the query names first: "x header" is X’s header', () => {
    expect(titles('x header')[0]).toBe('X (Twitter) Header: 1500 × 500');
    expect(titles('x header').some((title) => title.startsWith('LinkedIn'))).toBe(false);
  });

  it('ranks a question that names the words above an answer that only mentions them', () => {
    const results = titles('delete account');
    expect(results[0]).toBe('How do I delete my account?');
    expect(results.length).toBeGreaterThan(1);
  });

  it('reads every answer of every topic', () => {
    for (const topic of FAQ_TOPICS)
      for (const item of topic.items) expect(titles(item.question), item.question).toContain(item.question);
  });

  it('finds nothing for an empty query or words that are nowhere', () => {
    expect(searchHelp('   ')).toEqual([]);
    expect(searchHelp('zzqx')).toEqual([]);
    expect(searchHelp('refund zzqx')).toEqual([]);
  });
});
