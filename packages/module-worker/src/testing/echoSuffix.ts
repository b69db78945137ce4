export const suffix: string = ' from a typed module';
