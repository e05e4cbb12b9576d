/**
 * A player's name as public pages show it (docs/rules.md#know-your-player): "First L.", the first word of the name
 * and the initial of its last word, so a leaderboard never publishes the full name a player typed (POPIA). A name of
 * one word is shown as it is. The one rule for every public name: leaderboards, seeded rivals and new players alike,
 * and the latest wins.
 */
export function publicName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const initial = Array.from(words.at(-1)!).find((ch) => /[\p{L}\p{N}]/u.test(ch));
  return initial ? `${words[0]} ${initial.toUpperCase()}.` : words[0]!;
}
