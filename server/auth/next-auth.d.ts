// The fields Fairgammon adds to next-auth's User, Session and JWT types (see server/auth/options.ts).
import type { DefaultSession } from "next-auth";

type Role = "USER" | "ADMIN";

declare module "next-auth" {
  interface User {
    id: string;
    username: string;
    role: Role;
    isGuest: boolean;
  }
  interface Session {
    user: NonNullable<DefaultSession["user"]> & { id: string; username: string; role: Role; isGuest: boolean };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    username?: string;
    role?: Role;
    isGuest?: boolean;
  }
}
