// A SystemC initiator for the module tests: sockets to bind, and the test's body run as its
// thread (each test builds its own platform and runs it in its own process: ctest runs every
// discovered test apart, and SystemC elaborates once per process).
#ifndef GTSIM_SC_TEST_HOST_H
#define GTSIM_SC_TEST_HOST_H

#include <functional>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

namespace gtsim_test {

struct host : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<host> mmio;   // register space
    tlm_utils::simple_initiator_socket_optional<host> other;  // graphics memory, the message port, or unbound
    std::function<void(host &)> body;                // the test
    bool finished = false;                           // body ran to its end

    SC_HAS_PROCESS(host);
    explicit host(sc_core::sc_module_name name) : sc_module(name), mmio("mmio"), other("other")
    {
        SC_THREAD(run);
    }
    void run()
    {
        body(*this);
        finished = true;
    }

    // One transfer of `length` bytes of `data`; returns the response, adds the annotated time to *delay.
    template <typename socket_type>
    static tlm::tlm_response_status transfer(socket_type &socket, tlm::tlm_command command,
                                             uint64_t address, void *data, unsigned length, sc_core::sc_time &delay,
                                             unsigned char *byte_enable = nullptr, unsigned byte_enable_length = 0,
                                             unsigned streaming_width = 0)
    {
        tlm::tlm_generic_payload gp;
        gp.set_command(command);
        gp.set_address(address);
        gp.set_data_ptr(static_cast<unsigned char *>(data));
        gp.set_data_length(length);
        gp.set_streaming_width(streaming_width ? streaming_width : length);
        gp.set_byte_enable_ptr(byte_enable);
        gp.set_byte_enable_length(byte_enable_length);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(gp, delay);
        return gp.get_response_status();
    }
    template <typename socket_type>
    static uint32_t read32(socket_type &socket, uint64_t address)
    {
        uint32_t value = 0;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        transfer(socket, tlm::TLM_READ_COMMAND, address, &value, 4, delay);
        sc_core::wait(delay);
        return value;
    }
    template <typename socket_type>
    static tlm::tlm_response_status write32(socket_type &socket, uint64_t address,
                                           uint32_t value)
    {
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        tlm::tlm_response_status status = transfer(socket, tlm::TLM_WRITE_COMMAND, address, &value, 4, delay);
        sc_core::wait(delay);
        return status;
    }
};

} // namespace gtsim_test

#endif
