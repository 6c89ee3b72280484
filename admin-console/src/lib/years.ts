/** The current calendar year (read at call time, so a console left open over New Year stays right). */
export function currentYear(): number {
  return new Date().getFullYear();
}
