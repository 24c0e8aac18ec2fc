// Input and output types of every /v1 procedure, inferred from the server's router
// (type-only imports: nothing of the server reaches a client bundle).
import type { AppRouter } from "@notes/api";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { ROUTES } from "../routes.generated";

export type ProcedurePath = keyof typeof ROUTES;

type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type Input<P extends ProcedurePath> = At<inferRouterInputs<AppRouter>, P>;
export type Output<P extends ProcedurePath> = At<inferRouterOutputs<AppRouter>, P>;

/** Shapes the vault, notes and sync modules pass around. */
export type AuthResponse = Output<"sessions.signIn">;
export type Account = AuthResponse["account"];
export type AccountKeyMaterial = AuthResponse["keys"];
export type NoteState = Output<"notes.get">;
export type NoteCoordinates = Output<"notes.append">;
