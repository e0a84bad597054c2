// Replays proof games with chess.js: reads lines "FEN<TAB>legal: proof: <SAN moves>" on standard input,
// plays the moves from the initial position and checks that they are legal and reach the FEN (placement,
// side to move, castling rights; the en passant square when a legal capture uses it, which is when chess.js
// writes one). Prints a summary; exits 1 if any game fails. Lines with another verdict are counted only.
import { Chess } from 'chess.js';
import { createInterface } from 'node:readline';

let games = 0, others = 0, failures = 0;
const fail = (n, why) => { failures++; console.error(`line ${n}: ${why}`); };
const fields = (fen) => fen.split(' ').slice(0, 4);

let n = 0;
for await (const line of createInterface({ input: process.stdin })) {
  n++;
  const [fen, verdict = ''] = line.split('\t');
  const prefix = 'legal: proof: ';
  if (!verdict.startsWith(prefix)) { others++; continue; }
  games++;
  const chess = new Chess();
  const moves = verdict.slice(prefix.length).trim().split(/\s+/).filter((m) => m);
  let ok = true;
  for (const [i, san] of moves.entries()) {
    try {
      chess.move(san, { strict: true });
    } catch (e) {
      fail(n, `ply ${i + 1} (${san}) is not legal for chess.js: ${e.message}`);
      ok = false;
      break;
    }
  }
  if (!ok) continue;
  const [place, side, castling, ep] = fields(fen);
  const [place2, side2, castling2, ep2] = fields(chess.fen());
  // chess.js keeps an en passant square only when a legal capture uses it; chessrank when a pawn stands
  // beside the pawn that moved (docs/fen.md). They differ only when that pawn is pinned.
  const epAgrees = ep === ep2 || (ep2 === '-' && !chess.moves({ verbose: true }).some((m) => m.flags.includes('e')));
  if (place !== place2 || side !== side2 || castling !== castling2 || !epAgrees)
    fail(n, `the game reaches ${chess.fen()}, not ${fen}`);
}
console.log(`${games} games replayed by chess.js, ${failures} failed; ${others} lines without a game`);
process.exit(failures || games === 0 ? 1 : 0);
