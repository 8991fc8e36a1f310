declare module '@mandant' {
  const value: unknown;
  export default value;
}
