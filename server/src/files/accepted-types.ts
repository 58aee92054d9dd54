/**
 * The file types media fields accept through /_api (docs/files.md), by type, with the extensions a file of that
 * type may be named with; the first is given to a name without one. Nothing here runs in a browser: no
 * HTML, SVG, XML, script, font or WebAssembly. The content decides the type (signatures.ts); only what the
 * content cannot tell apart (a ZIP from an Office document, text formats) is chosen by the name's extension.
 */
export type AcceptedTypes = ReadonlyMap<string, readonly string[]>;

const types = (entries: Record<string, string[]>): AcceptedTypes => new Map(Object.entries(entries));

/** Types a signature identifies on its own. */
export const BY_SIGNATURE = types({
  // Images: what Strapi's upload plugin processes (JPEG, PNG, WebP, TIFF, GIF, AVIF) and other raster formats.
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/tiff': ['tiff', 'tif'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'image/bmp': ['bmp'],
  'image/x-icon': ['ico'],
  'image/jxl': ['jxl'],
  'image/vnd.adobe.photoshop': ['psd'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/3gpp': ['3gp'],
  'video/3gpp2': ['3g2'],
  'video/webm': ['webm'],
  'video/x-matroska': ['mkv'],
  'video/x-msvideo': ['avi'],
  'video/mpeg': ['mpg', 'mpeg'],
  'video/ogg': ['ogv', 'ogg'],
  'video/x-flv': ['flv'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'm4b'],
  'audio/aac': ['aac'],
  'audio/flac': ['flac'],
  'audio/wav': ['wav'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/opus': ['opus', 'ogg'],
  'audio/aiff': ['aiff', 'aif', 'aifc'],
  'audio/amr': ['amr'],
  'audio/midi': ['mid', 'midi'],
  'application/pdf': ['pdf'],
  'application/rtf': ['rtf'],
  'application/gzip': ['gz', 'tgz'],
  'application/x-7z-compressed': ['7z'],
  'application/vnd.rar': ['rar'],
  'application/x-tar': ['tar'],
});

/**
 * Types that share a signature, by that signature's type: the name's extension picks one; a name without
 * one of their extensions gets the container's own type (`default`) or, when it has none, is refused.
 */
export const BY_CONTAINER: ReadonlyMap<string, { types: AcceptedTypes; default?: string }> = new Map([
  [
    'application/zip',
    {
      types: types({
        'application/zip': ['zip'],
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
        'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
        'application/vnd.oasis.opendocument.text': ['odt'],
        'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
        'application/vnd.oasis.opendocument.presentation': ['odp'],
      }),
      default: 'application/zip',
    },
  ],
  [
    // Compound File Binary: the container of legacy Office documents, and of much else (MSI installers...).
    'application/x-cfb',
    {
      types: types({
        'application/msword': ['doc'],
        'application/vnd.ms-excel': ['xls'],
        'application/vnd.ms-powerpoint': ['ppt'],
      }),
    },
  ],
]);

/** Text formats: content no signature identifies and that holds no NUL byte (text, not unknown binary). */
export const TEXT = {
  types: types({
    'text/plain': ['txt', 'text', 'log'],
    'text/csv': ['csv'],
    'text/tab-separated-values': ['tsv'],
    'text/markdown': ['md', 'markdown'],
  }),
  default: 'text/plain',
};
