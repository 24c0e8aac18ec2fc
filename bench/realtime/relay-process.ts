// The client process's handle on a relay process: forks relay-main.ts (own event
// loop, own core) and turns its IPC into awaitable calls. BENCH_CPU_PROF=<dir>
// makes the relay write a V8 CPU profile there when it exits.
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type {
  ControlReply,
  ControlRequest,
  DispatchTiming,
  MemorySample,
  RelayKind,
  SocketKind,
} from "./protocol";
import { isMessage } from "./protocol";

type Pending = (reply: ControlReply) => void;
/** A request without its id (the id is ours to assign), member by member of the union. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Call = WithoutId<ControlRequest>;

// The bench package: `--import tsx` resolves from the working directory.
const benchDir = path.resolve(import.meta.dirname, "..");

export class RelayProcess {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(
    readonly kind: RelayKind,
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on("message", (message: unknown) => {
      if (!isMessage<ControlReply>(message)) return;
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    });
  }

  static async start(kind: RelayKind): Promise<RelayProcess> {
    const profDir = process.env.BENCH_CPU_PROF;
    const child = fork(path.join(import.meta.dirname, "relay-main.ts"), [kind], {
      cwd: benchDir,
      execArgv: [
        "--import",
        "tsx",
        "--expose-gc",
        ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`${kind} relay exited with ${code}`)));
      child.once("message", (message: unknown) => {
        if (isMessage<ControlReply>(message) && "ready" in message) resolve(message.port);
      });
    });
    child.removeAllListeners("exit");
    return new RelayProcess(kind, child, port);
  }

  get base(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  async tickets(kind: SocketKind, count: number): Promise<string[]> {
    const reply = await this.call({ op: "tickets", kind, count });
    return "tickets" in reply ? reply.tickets : [];
  }

  async memory(): Promise<MemorySample> {
    const reply = await this.call({ op: "memory" });
    if (!("memory" in reply)) throw new Error("no memory sample");
    return reply.memory;
  }

  async cpuMicros(): Promise<number> {
    const reply = await this.call({ op: "cpu" });
    return "cpuMicros" in reply ? reply.cpuMicros : 0;
  }

  /** The dispatches since the last call, as the relay timed them. */
  async dispatchTimes(): Promise<DispatchTiming[]> {
    const reply = await this.call({ op: "dispatchTimes" });
    return "dispatches" in reply ? reply.dispatches : [];
  }

  /** Fire and forget: the fan-out benchmark times this message to the last frame. */
  dispatch(seq: number): void {
    this.child.send({ id: 0, op: "dispatch", seq } satisfies ControlRequest);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.disconnect();
    const kill = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
  }

  private call(request: Call): Promise<ControlReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.send({ ...request, id });
    });
  }
}
