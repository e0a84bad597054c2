// The processes of an MPI run (`mpirun -np P chessrank ...`, `srun chessrank ...`): this process's rank
// among them, and messages of bytes between them. In a build without MPI (CHESSRANK_MPI off, the
// default), or a process started without a launcher, there is one process: rank 0 of 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace chessrank::cluster {

// Holds MPI open for the life of the program (MPI_Init_thread, MPI_Finalize) when a launcher started the
// process; a no-op otherwise and without MPI. Only the thread that made it calls the functions below.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

// This process's rank (0 leads: it reads and writes the files and prints) and the number of processes.
int rank();
int size();
inline bool leads() { return rank() == 0; }

struct Message {
  int from = 0, tag = 0;
  std::string bytes;
};

// Send `bytes` to process `to` with `tag` (blocking until the buffer may be reused).
void send(int to, int tag, std::string_view bytes);
// The next message from any process, if one has arrived; `wait` blocks until one does.
std::optional<Message> receive(bool wait);

}  // namespace chessrank::cluster
