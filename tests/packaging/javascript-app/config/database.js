module.exports = () => ({
  connection: { client: 'sqlite', connection: { filename: '.tmp/data.db' }, useNullAsDefault: true },
});
