/* SystemC 2.3.4 TLM-2.0 loosely timed baseline of gtsim_bench_tlm, and the program's entry
 * point: libsystemc owns main() and calls sc_main(), which hands over to the C driver
 * (bench_main) with a callback that makes one SystemC run.
 *
 * The model mirrors the gtsim side: an initiator thread with a tlm_quantumkeeper, a router
 * that decodes four ranges the way gtsim's router does (last-hit check, then a binary search
 * over ranges sorted by base), rebases the address and restores it, three decoy targets and
 * a memory. The memory is a flat 1 MiB array, the fastest memory SystemC can have; gtsim's
 * is a sparse 48-bit memory with watch bits, so the memory model favours SystemC. */
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

#include "bench_tlm.h"

namespace {

/* libsystemc prints its banner from main() before sc_main runs (setting the variable in
 * sc_main is too late), so set it during static initialisation; overwrite=0 keeps a value
 * the user chose. */
[[maybe_unused]] const int banner_suppressed = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

class bench_memory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<bench_memory> socket;

    explicit bench_memory(const sc_core::sc_module_name &name)
        : sc_core::sc_module(name), socket("socket"), bytes_(BENCH_WINDOW_SIZE),
          latency_(static_cast<double>(BENCH_LATENCY_NS), sc_core::SC_NS)
    {
        socket.register_b_transport(this, &bench_memory::b_transport);
    }

private:
    void b_transport(tlm::tlm_generic_payload &trans, sc_core::sc_time &delay)
    {
        const uint64_t address = trans.get_address();
        const unsigned length = trans.get_data_length();
        /* Only the checks a real TLM-2.0 memory cannot skip; byte enables and streaming are
         * refused rather than implemented, which keeps this side as lean as possible. */
        if (trans.get_byte_enable_ptr() != nullptr) {
            trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
            return;
        }
        if (length == 0 || trans.get_streaming_width() < length) {
            trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
            return;
        }
        if (address >= bytes_.size() || length > bytes_.size() - address) {
            trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return;
        }
        if (trans.is_read())
            std::memcpy(trans.get_data_ptr(), &bytes_[address], length);
        else if (trans.is_write())
            std::memcpy(&bytes_[address], trans.get_data_ptr(), length);
        delay += latency_;
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
    }

    std::vector<unsigned char> bytes_;
    const sc_core::sc_time latency_;
};

class bench_decoy : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<bench_decoy> socket;
    uint64_t hits = 0; /* the workload never addresses a decoy: any hit is a routing error */

    explicit bench_decoy(const sc_core::sc_module_name &name) : sc_core::sc_module(name), socket("socket")
    {
        socket.register_b_transport(this, &bench_decoy::b_transport);
    }

private:
    void b_transport(tlm::tlm_generic_payload &trans, sc_core::sc_time &)
    {
        ++hits;
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

struct bench_range {
    uint64_t base;
    uint64_t size;
};

class bench_router : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<bench_router> target_socket;
    /* initiator_sockets[i] serves ranges[i] as given to the constructor. */
    sc_core::sc_vector<tlm_utils::simple_initiator_socket_tagged<bench_router>> initiator_sockets;
    uint64_t unmapped = 0;

    bench_router(const sc_core::sc_module_name &name, const std::vector<bench_range> &ranges)
        : sc_core::sc_module(name), target_socket("target_socket"),
          initiator_sockets("initiator_socket", ranges.size())
    {
        for (std::size_t i = 0; i < ranges.size(); ++i)
            routes_.push_back(route{ ranges[i].base, ranges[i].size, i });
        std::sort(routes_.begin(), routes_.end(), [](const route &a, const route &b) { return a.base < b.base; });
        target_socket.register_b_transport(this, &bench_router::b_transport);
    }

private:
    struct route {
        uint64_t base;
        uint64_t size;
        std::size_t socket;
    };

    static bool holds(const route &r, uint64_t address, unsigned length)
    {
        const uint64_t offset = address - r.base;
        return offset < r.size && static_cast<uint64_t>(length) - 1 < r.size - offset;
    }

    /* Index into routes_ of the range that holds the whole access, or routes_.size(). */
    std::size_t find(uint64_t address, unsigned length) const
    {
        std::size_t low = 0, high = routes_.size();
        while (low < high) {
            const std::size_t middle = low + (high - low) / 2;
            const route &r = routes_[middle];
            if (address < r.base)
                high = middle;
            else if (address - r.base >= r.size)
                low = middle + 1;
            else
                return holds(r, address, length) ? middle : routes_.size();
        }
        return routes_.size();
    }

    void b_transport(tlm::tlm_generic_payload &trans, sc_core::sc_time &delay)
    {
        const uint64_t address = trans.get_address();
        const unsigned length = trans.get_data_length();
        if (!holds(routes_[last_hit_], address, length)) {
            const std::size_t found = find(address, length);
            if (found == routes_.size()) {
                ++unmapped;
                trans.set_response_status(length == 0 ? tlm::TLM_BURST_ERROR_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
                return;
            }
            last_hit_ = found;
        }
        const route &r = routes_[last_hit_];
        trans.set_address(address - r.base);
        initiator_sockets[r.socket]->b_transport(trans, delay);
        trans.set_address(address);
    }

    std::vector<route> routes_;
    std::size_t last_hit_ = 0;
};

class bench_initiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<bench_initiator> socket;

    SC_HAS_PROCESS(bench_initiator);

    explicit bench_initiator(const sc_core::sc_module_name &name) : sc_core::sc_module(name), socket("socket")
    {
        SC_THREAD(run);
    }

    /* Arms one run; it happens during the next sc_start(). */
    void request(uint64_t transactions)
    {
        transactions_ = transactions;
        requested_ = true;
        finished_ = false;
        go_.notify(sc_core::SC_ZERO_TIME);
    }

    bool finished() const { return finished_; }
    const bench_run_result &result() const { return result_; }

private:
    void run()
    {
        tlm::tlm_global_quantum::instance().set(sc_core::sc_time(static_cast<double>(BENCH_QUANTUM_NS), sc_core::SC_NS));
        tlm_utils::tlm_quantumkeeper keeper;
        unsigned char *const buffer = buffer_;
        tlm::tlm_generic_payload &trans = trans_;
        trans.set_data_ptr(buffer);
        trans.set_data_length(BENCH_ACCESS_BYTES);
        trans.set_streaming_width(BENCH_ACCESS_BYTES);
        trans.set_byte_enable_ptr(nullptr);
        trans.set_dmi_allowed(false);
        for (;;) {
            /* Between runs the thread waits here with nothing else pending, so sc_start()
             * returns by starvation once a run is over. The flag covers the first run: its
             * notification is made during elaboration and fires in the initialisation
             * phase before this thread has run (IEEE 1666 4.2.1.1), so it is missed. */
            while (!requested_)
                sc_core::wait(go_);
            requested_ = false;
            keeper.reset();
            const uint64_t transactions = transactions_;
            const sc_core::sc_time start_time = sc_core::sc_time_stamp();
            uint64_t errors = 0;
            uint64_t checksum = BENCH_CHECKSUM_SEED;

            const double start = bench_now();
            for (uint64_t i = 0; i < transactions; ++i) {
                const bool is_read = i & 1;
                if (!is_read) {
                    const uint64_t value = bench_write_value(i);
                    std::memcpy(buffer, &value, sizeof value);
                }
                trans.set_command(is_read ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
                trans.set_address(bench_address(i));
                trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
                sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
                socket->b_transport(trans, delay);
                if (!trans.is_response_ok()) {
                    ++errors;
                } else if (is_read) {
                    uint64_t value;
                    std::memcpy(&value, buffer, sizeof value);
                    checksum = bench_checksum_step(checksum, value);
                }
                keeper.inc(delay);
                if (keeper.need_sync())
                    keeper.sync();
            }
            if (keeper.get_local_time() != sc_core::SC_ZERO_TIME)
                keeper.sync();
            const double seconds = bench_now() - start;

            result_ = bench_run_result{};
            result_.seconds = seconds;
            result_.transactions = transactions;
            result_.errors = errors;
            result_.checksum = checksum;
            /* sc_main fixes the resolution at 1 ps, so value() counts picoseconds. */
            result_.simulated_ps = (sc_core::sc_time_stamp() - start_time).value();
            finished_ = true;
        }
    }

    /* A member, not a local of run(): the thread is still waiting when the program ends
     * and its stack is never unwound, so a local payload's allocation would leak. */
    tlm::tlm_generic_payload trans_;
    unsigned char buffer_[BENCH_ACCESS_BYTES] = {};
    sc_core::sc_event go_;
    uint64_t transactions_ = 0;
    bool requested_ = false;
    bool finished_ = false;
    bench_run_result result_{};
};

std::vector<bench_range> address_map()
{
    std::vector<bench_range> ranges;
    for (int d = 0; d < BENCH_DECOY_COUNT; ++d)
        ranges.push_back(bench_range{ bench_decoy_base[d], bench_decoy_size[d] });
    ranges.push_back(bench_range{ BENCH_MEMORY_BASE, BENCH_MEMORY_SIZE });
    return ranges;
}

class bench_top : public sc_core::sc_module {
public:
    bench_initiator initiator;
    bench_router router;
    sc_core::sc_vector<bench_decoy> decoys;
    bench_memory memory;

    explicit bench_top(const sc_core::sc_module_name &name)
        : sc_core::sc_module(name), initiator("initiator"), router("router", address_map()),
          decoys("decoy", BENCH_DECOY_COUNT), memory("memory")
    {
        initiator.socket.bind(router.target_socket);
        for (int d = 0; d < BENCH_DECOY_COUNT; ++d)
            router.initiator_sockets[d].bind(decoys[d].socket);
        router.initiator_sockets[BENCH_DECOY_COUNT].bind(memory.socket);
    }

    uint64_t routing_errors() const
    {
        uint64_t errors = router.unmapped;
        for (const bench_decoy &decoy : decoys)
            errors += decoy.hits;
        return errors;
    }
};

} // namespace

/* Called from C: no exception may leave it. */
extern "C" bool bench_systemc_run(void *context, uint64_t transactions, bench_run_result *result)
{
    try {
        bench_top &top = *static_cast<bench_top *>(context);
        const uint64_t routing_errors_before = top.routing_errors();
        top.initiator.request(transactions);
        sc_core::sc_start();
        if (!top.initiator.finished()) {
            std::fprintf(stderr, "gtsim_bench_tlm: the SystemC run did not finish (simulation status %d)\n",
                         static_cast<int>(sc_core::sc_get_status()));
            return false;
        }
        *result = top.initiator.result();
        result->errors += top.routing_errors() - routing_errors_before;
        return true;
    } catch (const std::exception &error) {
        std::fprintf(stderr, "gtsim_bench_tlm: SystemC run failed: %s\n", error.what());
    } catch (...) {
        std::fprintf(stderr, "gtsim_bench_tlm: SystemC run failed with an unknown exception\n");
    }
    return false;
}

int sc_main(int argc, char *argv[])
{
    bench_options options;
    const int status = bench_parse_options(argc, argv, &options);
    if (status >= 0)
        return status;
    try {
        sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
        bench_top top("bench");
        return bench_main(&options, bench_systemc_run, &top);
    } catch (const std::exception &error) {
        std::fprintf(stderr, "gtsim_bench_tlm: SystemC elaboration failed: %s\n", error.what());
        return 1;
    }
}
