// Writes the API's current OpenAPI document and the types generated from it.
import { writeFileSync } from 'node:fs';
import { currentDocument, documentFile, sessionOnlyFile, sessionOnlyOf, typesFile, typesOf } from './clientFiles';

const document = await currentDocument();
writeFileSync(documentFile, document);
writeFileSync(typesFile, await typesOf(document));
writeFileSync(sessionOnlyFile, sessionOnlyOf(document));
console.log(`Wrote ${documentFile}, ${typesFile} and ${sessionOnlyFile}`);
