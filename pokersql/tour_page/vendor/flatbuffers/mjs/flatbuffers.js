export { SIZEOF_SHORT } from './constants.js';
export { SIZEOF_INT } from './constants.js';
export { FILE_IDENTIFIER_LENGTH } from './constants.js';
export { SIZE_PREFIX_LENGTH } from './constants.js';
export { int32, float32, float64, isLittleEndian } from './utils.js';
export { Encoding } from './encoding.js';
export { Builder } from './builder.js';
export { ByteBuffer } from './byte-buffer.js';
