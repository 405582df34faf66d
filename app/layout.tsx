import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fairgammon — backgammon with provably fair dice",
  description: "Play backgammon matches in real time; every dice roll can be verified by the players themselves.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <a href="/" className="brand">Fairgammon</a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
