// An OpenAI-compatible model that answers at once, run as its own process by
// bench/load.ts so the load driver's busy event loop does not delay it:
// streamed answers come in 12-character pieces, plain completions (the saved
// chat's category) in one word. Prints its base URL on the first line.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const INSTANT_ANSWER =
  'Para renovar tu green card usas el formulario I-90. Puedes enviarlo en línea desde tu cuenta de USCIS ' +
  'o por correo. Hazlo dentro de los 6 meses antes de que venza. Necesitas una copia de tu tarjeta actual ' +
  'y pagar la tarifa. Después te citan para tomar tus huellas. Si tienes antecedentes penales o una orden ' +
  'de deportación, habla antes con un abogado o un representante acreditado.';

const pieces = INSTANT_ANSWER.match(/.{1,12}/gs) ?? [INSTANT_ANSWER];
const streamed =
  pieces
    .map(
      (content) =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
    )
    .join('') + 'data: [DONE]\n\n';
const plain = JSON.stringify({
  id: 'b',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'residencia' }, finish_reason: 'stop' }],
});

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    if (/"stream"\s*:\s*true/.test(body)) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(streamed);
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(plain);
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
