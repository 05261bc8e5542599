/**
 * The peer: a Socket.IO 4 server, websocket transport only, every client in one room; `/publish`
 * emits the event to the room with `io.to(room).emit` (Socket.IO encodes a broadcast once).
 */
import { Server } from 'socket.io';
import { createPublishServer, listen } from './http-publish.js';

const ROOM = 'workspace-bench';
const server = createPublishServer((name, data) => {
  io.to(ROOM).emit(name, JSON.parse(data));
});
const io = new Server(server, { transports: ['websocket'], serveClient: false, perMessageDeflate: false });
io.on('connection', (socket) => {
  void socket.join(ROOM);
});
listen(server);
