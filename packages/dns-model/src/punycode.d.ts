declare module 'punycode.js' {
  const punycode: {
    toASCII(domain: string): string;
    toUnicode(domain: string): string;
    /** One label's Punycode (without `xn--`) to Unicode; throws on invalid input. */
    decode(input: string): string;
    /** One Unicode label to its Punycode (without `xn--`). */
    encode(input: string): string;
  };
  export default punycode;
}
