import type { Metadata } from "next";
import type { ReactNode } from "react";
import { UserMenu } from "@/components/auth/user-menu";
import { getCurrentUser } from "@/server/auth/session";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fairgammon — backgammon with provably fair dice",
  description: "Play backgammon matches in real time; every dice roll can be verified by the players themselves.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <a href="/" className="brand">Fairgammon</a>
          <nav className="site-nav" aria-label="Site">
            <a href="/leaderboard">Leaderboard</a>
          </nav>
          <UserMenu user={user ? { username: user.username, role: user.role, isGuest: user.isGuest } : null} />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
