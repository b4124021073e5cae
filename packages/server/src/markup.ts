/**
 * Text put into HTML or XML the server writes (e-mails, its own small pages, /impact's texts,
 * sitemap.xml): the five characters that could end a text or an attribute, as numeric references,
 * which both languages read alike.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
