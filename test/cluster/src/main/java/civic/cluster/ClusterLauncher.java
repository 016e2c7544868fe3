package civic.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.opensearch.action.admin.cluster.health.ClusterHealthResponse;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.transport.TransportService;

/**
 * Runs one or three OpenSearch nodes on loopback in this JVM and takes orders on standard input.
 *
 * <p>Every line it prints for its caller starts with {@code CLUSTER } and carries JSON, so the Node side can tell
 * them from the server's own log lines:
 * <ul>
 *   <li>{@code CLUSTER ready {...}} once every node has joined and the cluster is green;</li>
 *   <li>{@code CLUSTER stopped {...}} and {@code CLUSTER started {...}} after the orders below;</li>
 *   <li>{@code CLUSTER error {...}} when an order could not be carried out.</li>
 * </ul>
 * Orders, one a line: {@code stop N} (closes node N, keeping its data), {@code start N} (starts it again on the same
 * ports and data) and {@code quit}. The end of standard input, or SIGTERM, closes every node before the JVM exits.
 *
 * <p>Arguments: {@code --nodes 1|3}, {@code --data DIR}, and optionally {@code --http-ports} and
 * {@code --transport-ports} (comma-separated, one per node) to come back on the ports of an earlier run; ports
 * not given are the system's choice.
 */
public final class ClusterLauncher {
    private static final String CLUSTER_NAME = "civic-search-test";

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        LogConfigurator.registerErrorListener();
        LogConfigurator.configureWithoutConfig(Settings.builder().put("logger.level", "WARN").build());

        ClusterLauncher launcher = new ClusterLauncher(options);
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::closeAll, "cluster-shutdown"));
        try {
            launcher.startAll();
            launcher.announce("ready");
            launcher.takeOrders();
        } catch (Exception e) {
            report("error", "{\"message\":" + Json.string(String.valueOf(e)) + "}");
            launcher.closeAll();
            System.exit(1);
        }
        launcher.closeAll();
        System.exit(0);
    }

    private final Options options;
    private final TestNode[] nodes;
    private final String[] httpAddresses;
    private final String[] transportAddresses;

    private ClusterLauncher(Options options) {
        this.options = options;
        this.nodes = new TestNode[options.nodeCount];
        this.httpAddresses = new String[options.nodeCount];
        this.transportAddresses = new String[options.nodeCount];
    }

    /**
     * The first node starts alone and, on a fresh data directory, elects itself; the others find it through its
     * transport address. A cluster that ran before keeps its own voting configuration, so the first node waits
     * for a majority before it answers.
     */
    private void startAll() throws Exception {
        for (int i = 0; i < nodes.length; i++) {
            startNode(i);
        }
        waitForGreen(nodes.length);
    }

    private void startNode(int i) throws Exception {
        String name = nodeName(i);
        Path home = options.data.resolve(name);
        Settings.Builder settings = Settings.builder()
            .put("cluster.name", CLUSTER_NAME)
            .put("node.name", name)
            .put("path.home", home.toString())
            .put("path.data", home.resolve("data").toString())
            .put("path.logs", home.resolve("logs").toString())
            .put("network.host", "127.0.0.1")
            // A node started again comes back on the ports it had, so clients and its peers find it where it was.
            .put("http.port", portOf(httpAddresses[i], options.httpPort(i)))
            .put("transport.port", portOf(transportAddresses[i], options.transportPort(i)))
            // Tests share a machine whose disk may be nearly full and whose memory other processes use: neither
            // should stop shards from being allocated or requests from being served.
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .put("indices.breaker.total.use_real_memory", false)
            .put("action.auto_create_index", false)
            // Start returns at once; readiness is the green health check below.
            .put("discovery.initial_state_timeout", "0s");
        if (nodes.length == 1) {
            settings.put("discovery.type", "single-node");
        } else {
            List<String> seeds = new ArrayList<>();
            for (int j = 0; j < nodes.length; j++) {
                if (j != i && transportAddresses[j] != null) {
                    seeds.add(transportAddresses[j]);
                } else if (j != i && options.transportPorts != null) {
                    seeds.add("127.0.0.1:" + options.transportPorts[j]);
                }
            }
            settings.putList("discovery.seed_hosts", seeds);
            settings.putList("cluster.initial_cluster_manager_nodes", nodeName(0));
            // Down nodes are noticed within seconds rather than the default half-minute.
            settings.put("cluster.fault_detection.follower_check.interval", "500ms");
            settings.put("cluster.fault_detection.follower_check.retry_count", 2);
            settings.put("cluster.fault_detection.leader_check.interval", "500ms");
            settings.put("cluster.fault_detection.leader_check.retry_count", 2);
        }
        TestNode node = new TestNode(settings.build());
        node.start();
        nodes[i] = node;
        httpAddresses[i] = node.injector().getInstance(HttpServerTransport.class).boundAddress().publishAddress()
            .toString();
        transportAddresses[i] = node.injector().getInstance(TransportService.class).boundAddress().publishAddress()
            .toString();
    }

    private static String portOf(String address, String otherwise) {
        return address == null ? otherwise : address.substring(address.lastIndexOf(':') + 1);
    }

    private void waitForGreen(int nodeCount) {
        TestNode any = firstRunning();
        ClusterHealthResponse health = any.client().admin().cluster().prepareHealth()
            .setWaitForGreenStatus()
            .setWaitForNodes(Integer.toString(nodeCount))
            .setTimeout(TimeValue.timeValueMinutes(2))
            .get();
        if (health.isTimedOut()) {
            throw new IllegalStateException("cluster did not turn green with " + nodeCount + " nodes: "
                + health.getStatus());
        }
    }

    private TestNode firstRunning() {
        for (TestNode node : nodes) {
            if (node != null) {
                return node;
            }
        }
        throw new IllegalStateException("no node is running");
    }

    private void takeOrders() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            try {
                switch (words[0]) {
                    case "quit":
                        return;
                    case "stop": {
                        int i = nodeIndex(words);
                        closeNode(i);
                        announce("stopped");
                        break;
                    }
                    case "start": {
                        int i = nodeIndex(words);
                        if (nodes[i] == null) {
                            startNode(i);
                        }
                        waitForGreenOrYellow();
                        announce("started");
                        break;
                    }
                    case "":
                        break;
                    default:
                        throw new IllegalArgumentException("unknown order: " + line);
                }
            } catch (Exception e) {
                report("error", "{\"message\":" + Json.string(String.valueOf(e)) + "}");
            }
        }
    }

    /** After one node comes back its replicas may still be recovering: every primary being active is enough. */
    private void waitForGreenOrYellow() {
        int running = 0;
        for (TestNode node : nodes) {
            if (node != null) {
                running++;
            }
        }
        firstRunning().client().admin().cluster().prepareHealth()
            .setWaitForYellowStatus()
            .setWaitForNodes(Integer.toString(running))
            .setTimeout(TimeValue.timeValueMinutes(1))
            .get();
    }

    private int nodeIndex(String[] words) {
        if (words.length != 2) {
            throw new IllegalArgumentException("expected a node number after " + words[0]);
        }
        int n = Integer.parseInt(words[1]);
        if (n < 1 || n > nodes.length) {
            throw new IllegalArgumentException("no node " + n + " in a cluster of " + nodes.length);
        }
        return n - 1;
    }

    private synchronized void closeNode(int i) throws IOException, InterruptedException {
        TestNode node = nodes[i];
        if (node == null) {
            return;
        }
        nodes[i] = null;
        node.close();
        node.awaitClose(30, TimeUnit.SECONDS);
    }

    private synchronized void closeAll() {
        for (int i = nodes.length - 1; i >= 0; i--) {
            try {
                closeNode(i);
            } catch (Exception e) {
                System.err.println("closing " + nodeName(i) + " failed: " + e);
            }
        }
    }

    private void announce(String event) {
        StringBuilder json = new StringBuilder("{\"nodes\":[");
        for (int i = 0; i < nodes.length; i++) {
            if (i > 0) {
                json.append(',');
            }
            json.append("{\"name\":").append(Json.string(nodeName(i)))
                .append(",\"running\":").append(nodes[i] != null)
                .append(",\"http\":").append(Json.string(httpAddresses[i]))
                .append(",\"transport\":").append(Json.string(transportAddresses[i]))
                .append('}');
        }
        json.append("]}");
        report(event, json.toString());
    }

    private static void report(String event, String json) {
        synchronized (System.out) {
            System.out.println("CLUSTER " + event + " " + json);
            System.out.flush();
        }
    }

    private static String nodeName(int i) {
        return "node-" + (i + 1);
    }

    /** The command line, checked before any node starts. */
    private static final class Options {
        int nodeCount = 1;
        Path data;
        String[] httpPorts;
        String[] transportPorts;

        static Options parse(String[] args) {
            Options options = new Options();
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--nodes":
                        options.nodeCount = Integer.parseInt(required(args[i], value));
                        i++;
                        break;
                    case "--data":
                        options.data = Paths.get(required(args[i], value)).toAbsolutePath();
                        i++;
                        break;
                    case "--http-ports":
                        options.httpPorts = required(args[i], value).split(",");
                        i++;
                        break;
                    case "--transport-ports":
                        options.transportPorts = required(args[i], value).split(",");
                        i++;
                        break;
                    default:
                        throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (options.nodeCount != 1 && options.nodeCount != 3) {
                throw new IllegalArgumentException("--nodes must be 1 or 3");
            }
            if (options.data == null) {
                throw new IllegalArgumentException("--data DIR is required");
            }
            checkCount("--http-ports", options.httpPorts, options.nodeCount);
            checkCount("--transport-ports", options.transportPorts, options.nodeCount);
            return options;
        }

        String httpPort(int i) {
            return httpPorts == null ? "0" : httpPorts[i];
        }

        String transportPort(int i) {
            return transportPorts == null ? "0" : transportPorts[i];
        }

        private static String required(String name, String value) {
            if (value == null) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            return value;
        }

        private static void checkCount(String name, String[] ports, int nodeCount) {
            if (ports != null && ports.length != nodeCount) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s needs %d ports", name, nodeCount));
            }
        }
    }

    /** JSON strings for the status lines. */
    private static final class Json {
        static String string(String value) {
            if (value == null) {
                return "null";
            }
            StringBuilder out = new StringBuilder("\"");
            for (char c : value.toCharArray()) {
                if (c == '"' || c == '\\') {
                    out.append('\\').append(c);
                } else if (c < 0x20) {
                    out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
            return out.append('"').toString();
        }
    }
}
