import { connect } from 'node:net';

/** Resolves once connecting to the port is refused, i.e. once the server has stopped listening. */
export async function refusedConnection(port: number): Promise<string> {
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => {
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        resolve(error.code ?? error.message);
      });
    });
    socket.destroy();
    // A reset is a connection that reached the accept queue just as the listener closed: not
    // served either, but look again for the plain refusal that follows.
    if (outcome !== 'connected' && outcome !== 'ECONNRESET') return outcome;
    // Still listening: the signal is being handled. Look again shortly.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
