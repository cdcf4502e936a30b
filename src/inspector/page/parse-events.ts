/**
 * Splits a server-sent-events stream into the `data` of its events, as text arrives in pieces:
 * feed it each piece; it calls `onData` once per complete event and keeps the rest.
 *
 * @example
 * const feed = parseEvents((data) => console.log(JSON.parse(data)));
 * feed('data: {"id":"1"}\n\n');
 */
export function parseEvents(onData: (data: string) => void): (text: string) => void {
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
        onData(block.slice(6));
        continue;
      }
      const lines: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('data:')) lines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      if (lines.length > 0) onData(lines.join('\n'));
    }
    buffer = start === 0 ? buffer : buffer.slice(start);
  };
}
