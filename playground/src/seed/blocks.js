/** Nodes of Strapi's blocks editor (`"type": "blocks"` fields), as its editor saves them. */
const paragraph = (text) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const heading = (level, text) => ({ type: 'heading', level, children: [{ type: 'text', text }] });

module.exports = { paragraph, heading };
