/**
 * Site code of the kind the Data API must respect: e-mail addresses are kept in lower case, whoever writes
 * them. Because of this file, the plugin writes customers through the Document Service (lifecycle hooks run).
 */
const lowerEmail = (event) => {
  const { data } = event.params;
  if (data && typeof data.email === 'string') data.email = data.email.toLowerCase();
};

module.exports = { beforeCreate: lowerEmail, beforeUpdate: lowerEmail };
