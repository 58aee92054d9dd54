const fs = require('fs');
const os = require('os');
const path = require('path');

/**
 * Plain images made with sharp and uploaded through the upload plugin, so their rows and formats (thumbnail,
 * small...) are exactly Strapi's own. `images`: { name, width, height, background, alternativeText, caption }.
 * Returns their file ids, in order.
 */
const uploadImages = async (strapi, images) => {
  const sharp = require('sharp');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-images-'));
  const ids = [];
  try {
    for (const { name, width, height, background, alternativeText, caption } of images) {
      const filepath = path.join(dir, name);
      await sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toFile(filepath);
      const [file] = await strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { alternativeText, caption } },
          files: { filepath, originalFilename: name, mimetype: 'image/png', size: fs.statSync(filepath).size },
        });
      ids.push(file.id);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return ids;
};

module.exports = { uploadImages };
