// The Browser Session demo page's script (a file of its own: Strapi's CSP allows no inline scripts).
const message = document.getElementById('status');
const table = document.getElementById('orders');
const json = (response) => response.json().then((body) => ({ ok: response.ok, body }));

const showOrders = async () => {
  const me = await fetch('/_api/_session').then(json);
  if (!me.ok) {
    message.textContent = 'Not logged in.';
    table.hidden = true;
    return;
  }
  const orders = await fetch('/_api/me/orders').then(json);
  message.textContent = `Logged in as ${me.body.user.email}: ${orders.body.total} orders.`;
  table.tBodies[0].replaceChildren(
    ...orders.body.items.map((order) => {
      const row = document.createElement('tr');
      for (const value of [order.id, order.orderedAt.slice(0, 10), order.status, order.quantity, order.total]) {
        row.append(Object.assign(document.createElement('td'), { textContent: value }));
      }
      return row;
    })
  );
  table.hidden = false;
};

document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const answer = await fetch('/_api/_session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: form.get('identifier'), password: form.get('password') }),
  }).then(json);
  if (!answer.ok) message.textContent = answer.body.error;
  else showOrders();
});

document.getElementById('logout').addEventListener('click', async () => {
  await fetch('/_api/_session', { method: 'DELETE' });
  showOrders();
});

showOrders();
