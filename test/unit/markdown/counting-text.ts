// Text that counts the characters read out of it with `slice`, as IncrementalBlocks reads its text: a test
// passes `new CountingText(text) as unknown as string` and reads `CountingText.read`, which it resets first.
export class CountingText extends String {
  static read = 0;
  override slice(start?: number, end?: number): string {
    const part = super.slice(start, end);
    CountingText.read += part.length;
    return part;
  }
}
