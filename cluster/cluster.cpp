#include "cluster/cluster.h"

#include <cstdlib>

#if CHESSRANK_WITH_MPI
#include <mpi.h>
#endif

namespace chessrank::cluster {

#if CHESSRANK_WITH_MPI

namespace {
bool active() {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  return initialised && !finalised;
}
}  // namespace

namespace {
// Whether a launcher (mpirun, mpiexec, srun) started this process: its environment says so. A process
// started alone stays out of MPI, so that it starts as fast as one of a build without it.
bool launched() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "MPI_LOCALNRANKS"})
    if (std::getenv(name)) return true;
  return false;
}
}  // namespace

Session::Session(int& argc, char**& argv) {
  if (!launched()) return;
  int provided = 0;
  // Worker threads never call MPI: the thread that made the session does all the messaging.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
}

Session::~Session() {
  if (active()) MPI_Finalize();
}

int rank() {
  int r = 0;
  if (active()) MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  int s = 1;
  if (active()) MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

void send(int to, int tag, std::string_view bytes) {
  MPI_Send(bytes.data(), int(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

std::optional<Message> receive(bool wait) {
  MPI_Status status;
  if (wait) {
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  } else {
    int arrived = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) return std::nullopt;
  }
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(std::size_t(count), '\0')};
  MPI_Recv(m.bytes.data(), count, MPI_BYTE, m.from, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

#else

Session::Session(int&, char**&) {}
Session::~Session() = default;
int rank() { return 0; }
int size() { return 1; }
void send(int, int, std::string_view) {}
std::optional<Message> receive(bool) { return std::nullopt; }

#endif

}  // namespace chessrank::cluster
