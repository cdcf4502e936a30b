/**
 * Splits a server-sent-events stream into its events, as text arrives in pieces: feed it each
 * piece; it calls `onEvent` once per complete event that has data, with the data and the event's
 * name (`message` when it has none), and keeps the rest.
 */
export function parseEvents(onEvent: (data: string, name: string) => void): (text: string) => void {
  let buffer = '';
  return (text) => {
    buffer += text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
    // Walks the buffer once and cuts it once: a piece of the stream holds many events.
    let start = 0;
    let end: number;
    while ((end = buffer.indexOf('\n\n', start)) >= 0) {
      const block = buffer.slice(start, end);
      start = end + 2;
      if (block.startsWith('data: ') && !block.includes('\n')) {
        onEvent(block.slice(6), 'message');
        continue;
      }
      const lines: string[] = [];
      let name = 'message';
      for (const line of block.split('\n')) {
        if (line.startsWith('data:')) lines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        else if (line.startsWith('event:')) name = line.slice(6).trim() || 'message';
      }
      if (lines.length > 0) onEvent(lines.join('\n'), name);
    }
    buffer = start === 0 ? buffer : buffer.slice(start);
  };
}
