# The round-robin proxy of round-robin-proxy.ts: Node's http module, nothing to install.
FROM node:24-bookworm-slim
WORKDIR /proxy
COPY round-robin-proxy.ts ./
USER node
EXPOSE 4010
CMD ["node", "round-robin-proxy.ts"]
