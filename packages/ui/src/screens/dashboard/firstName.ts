/** The first word of a name, for greetings ("Jordan" from "Jordan Rivera"). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
